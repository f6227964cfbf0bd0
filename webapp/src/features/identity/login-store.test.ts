import { afterEach, describe, expect, it } from 'vitest';

import { LOGIN_STORAGE_KEY, clearLogin, getAccessToken, getLogin, parseLogin, reloadLogin, setLogin } from './login-store';

const NOW = Date.UTC(2026, 10, 24, 9, 0, 0);

afterEach(() => {
  clearLogin();
  localStorage.clear();
  reloadLogin();
});

describe('login store', () => {
  it('is anonymous with nothing stored', () => {
    expect(getLogin(NOW)).toEqual({ isAuthenticated: false, accessToken: null, expiresAt: null });
  });

  it('sets the expiry to now plus expires_in seconds, and keeps it in localStorage', () => {
    setLogin('token-1', 3600, NOW);
    expect(getLogin(NOW)).toEqual({ isAuthenticated: true, accessToken: 'token-1', expiresAt: NOW + 3_600_000 });
    expect(JSON.parse(localStorage.getItem(LOGIN_STORAGE_KEY)!)).toMatchObject({
      accessToken: 'token-1',
      expiresAt: NOW + 3_600_000,
    });
    // A new page load reads it back.
    reloadLogin();
    expect(getLogin(NOW + 1000).accessToken).toBe('token-1');
  });

  it('drops a stored login whose expiry passed when loading', () => {
    localStorage.setItem(
      LOGIN_STORAGE_KEY,
      JSON.stringify({ isAuthenticated: true, accessToken: 'old', expiresAt: Date.now() - 1 }),
    );
    reloadLogin();
    expect(getLogin().isAuthenticated).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(LOGIN_STORAGE_KEY)).toBeNull();
  });

  it('drops the login once it expires while the page is open', () => {
    setLogin('token-2', 60, NOW);
    expect(getLogin(NOW + 59_999).isAuthenticated).toBe(true);
    expect(getLogin(NOW + 60_000).isAuthenticated).toBe(false);
    expect(localStorage.getItem(LOGIN_STORAGE_KEY)).toBeNull();
  });

  it('reads anything unexpected as signed out', () => {
    expect(parseLogin('not json', NOW).isAuthenticated).toBe(false);
    expect(parseLogin('{"accessToken": 5, "expiresAt": 1}', NOW).isAuthenticated).toBe(false);
    expect(parseLogin(JSON.stringify({ accessToken: '', expiresAt: NOW + 1 }), NOW).isAuthenticated).toBe(false);
  });

  it('is cleared by logout or a refused token', () => {
    setLogin('token-3', 60);
    clearLogin();
    expect(getLogin().isAuthenticated).toBe(false);
    expect(localStorage.getItem(LOGIN_STORAGE_KEY)).toBeNull();
  });
});
