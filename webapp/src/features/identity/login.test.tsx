import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearLogin, setLogin } from './login-store';
import { isLoginFailedState, useRequireLogin } from './login';
import { OAUTH_STATE_STORAGE_KEY } from './oauth';

function MembersOnly() {
  return <p>{useRequireLogin() ? '회원' : '로그인이 필요합니다.'}</p>;
}

function renderAt(entry: { pathname: string; state?: unknown }) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'http://localhost:3000', assign });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <MembersOnly />
    </MemoryRouter>,
  );
  return assign;
}

afterEach(() => {
  clearLogin();
  sessionStorage.clear();
});

describe('useRequireLogin', () => {
  it('sends a visitor to the login, to come back here', async () => {
    const assign = renderAt({ pathname: '/m/my/favorite_stock_lists' });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(JSON.parse(sessionStorage.getItem(OAUTH_STATE_STORAGE_KEY)!)).toMatchObject({
      returnTo: '/m/my/favorite_stock_lists',
    });
  });

  it('does not start the login again on the return from a failed one', async () => {
    const assign = renderAt({ pathname: '/m/settings', state: { loginFailed: true } });
    expect(screen.getByText('로그인이 필요합니다.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(OAUTH_STATE_STORAGE_KEY)).toBeNull();
  });

  it('lets a member in', () => {
    setLogin('sise-token', 3600);
    const assign = renderAt({ pathname: '/m/settings', state: { loginFailed: true } });
    expect(screen.getByText('회원')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('isLoginFailedState', () => {
  it('is true only for the failed login mark', () => {
    expect(isLoginFailedState({ loginFailed: true })).toBe(true);
    for (const state of [null, undefined, 'loginFailed', {}, { loginFailed: 'true' }]) {
      expect(isLoginFailedState(state)).toBe(false);
    }
  });
});
