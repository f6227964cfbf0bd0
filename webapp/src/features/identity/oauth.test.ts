import { afterEach, describe, expect, it, vi } from 'vitest';

import { OAUTH_STATE_STORAGE_KEY, readOAuthCallback, safeReturnPath, startKakaoLogin } from './oauth';

afterEach(() => {
  sessionStorage.clear();
  document.head.innerHTML = '';
});

function startWithMeta() {
  document.head.innerHTML =
    '<meta name="sise-kakao-auth" content="https://kauth.example.com/"><meta name="sise-kakao-app-key" content="app-key">';
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'https://sise.example.com', assign });
  startKakaoLogin('/m/settings');
  return new URL(assign.mock.calls[0]?.[0] as string);
}

describe('messenger login', () => {
  it('goes to the authorize page with a state kept with the path to return to', () => {
    const url = startWithMeta();
    expect(url.origin + url.pathname).toBe('https://kauth.example.com/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('app-key');
    expect(url.searchParams.get('redirect_uri')).toBe('https://sise.example.com/m/oauth/kakao');
    expect(url.searchParams.get('response_type')).toBe('code');
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(sessionStorage.getItem(OAUTH_STATE_STORAGE_KEY)!)).toEqual({ state, returnTo: '/m/settings' });
  });

  it('accepts the code only with the state it sent, once', () => {
    const state = startWithMeta().searchParams.get('state')!;
    expect(readOAuthCallback(`?code=abc&state=${state}`)).toEqual({ kind: 'code', code: 'abc', returnTo: '/m/settings' });
    // Spent: the same address again is refused.
    expect(readOAuthCallback(`?code=abc&state=${state}`).kind).toBe('invalid');
  });

  it('refuses another state, and reads a refusal at the provider as denied', () => {
    const state = startWithMeta().searchParams.get('state')!;
    expect(readOAuthCallback('?code=abc&state=forged')).toEqual({ kind: 'invalid', returnTo: '/m/settings' });
    startWithMeta();
    const again = JSON.parse(sessionStorage.getItem(OAUTH_STATE_STORAGE_KEY)!) as { state: string };
    expect(again.state).not.toBe(state);
    expect(readOAuthCallback(`?error=access_denied&state=${again.state}`).kind).toBe('denied');
  });

  it('returns only to a path of this app', () => {
    expect(safeReturnPath('/m/stocks/KOREA-A005930')).toBe('/m/stocks/KOREA-A005930');
    expect(safeReturnPath('https://evil.example.com')).toBe('/m');
    expect(safeReturnPath('//evil.example.com/m')).toBe('/m');
    expect(safeReturnPath(null)).toBe('/m');
  });
});
