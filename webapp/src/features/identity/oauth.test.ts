import { afterEach, describe, expect, it, vi } from 'vitest';

import { OAUTH_STATE_STORAGE_KEY, codeChallenge, readOAuthCallback, safeReturnPath, startKakaoLogin } from './oauth';

afterEach(() => {
  sessionStorage.clear();
  document.head.innerHTML = '';
});

async function startWithMeta(options?: { reauthenticate?: boolean }) {
  document.head.innerHTML =
    '<meta name="sise-kakao-auth" content="https://kauth.example.com/"><meta name="sise-kakao-app-key" content="app-key">';
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'https://sise.example.com', assign });
  await startKakaoLogin('/m/settings', options);
  return new URL(assign.mock.calls[0]?.[0] as string);
}

function pending(): { state: string; returnTo: string; verifier: string } {
  return JSON.parse(sessionStorage.getItem(OAUTH_STATE_STORAGE_KEY)!) as { state: string; returnTo: string; verifier: string };
}

describe('messenger login', () => {
  it('goes to the authorize page with a state kept with the path to return to', async () => {
    const url = await startWithMeta();
    expect(url.origin + url.pathname).toBe('https://kauth.example.com/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('app-key');
    expect(url.searchParams.get('redirect_uri')).toBe('https://sise.example.com/m/oauth/kakao');
    expect(url.searchParams.get('response_type')).toBe('code');
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(pending()).toMatchObject({ state, returnTo: '/m/settings' });
    expect(url.searchParams.has('prompt')).toBe(false);
  });

  it('sends a PKCE S256 challenge and keeps its verifier for the exchange', async () => {
    const url = await startWithMeta();
    const { verifier } = pending();
    // RFC 7636 §4.1: 43 to 128 unreserved characters; 32 random bytes make 43.
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe(await codeChallenge(verifier));
    expect(url.searchParams.get('code_challenge')).not.toBe(verifier);
    const state = url.searchParams.get('state')!;
    expect(readOAuthCallback(`?code=abc&state=${state}`)).toEqual({ kind: 'code', code: 'abc', verifier, returnTo: '/m/settings' });
    // Each login its own verifier.
    await startWithMeta();
    expect(pending().verifier).not.toBe(verifier);
  });

  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('asks the provider for a fresh sign-in when told to', async () => {
    const url = await startWithMeta({ reauthenticate: true });
    expect(url.searchParams.get('prompt')).toBe('login');
  });

  it('accepts the code only with the state it sent, once', async () => {
    const state = (await startWithMeta()).searchParams.get('state')!;
    expect(readOAuthCallback(`?code=abc&state=${state}`)).toMatchObject({ kind: 'code', code: 'abc', returnTo: '/m/settings' });
    // Spent: the same address again is refused.
    expect(readOAuthCallback(`?code=abc&state=${state}`).kind).toBe('invalid');
  });

  it('refuses another state, and reads a refusal at the provider as denied', async () => {
    const state = (await startWithMeta()).searchParams.get('state')!;
    expect(readOAuthCallback('?code=abc&state=forged')).toEqual({ kind: 'invalid', returnTo: '/m/settings' });
    await startWithMeta();
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
