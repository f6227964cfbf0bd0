import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { configureApiAuth, mainApi } from '@/lib/api';
import { stubFetch } from '@/testing/test-utils';

import { appApiAuth, renewInApp, startLoginInApp } from './app-login';
import { clearLogin, getAccessToken, getLogin, setLogin } from './login-store';

const SESSION = { access_token: 'b'.repeat(64), expires_in: 3600, user: { id: 7, name: '개미' } };

beforeEach(() => clearLogin());
afterEach(() => configureApiAuth(null));

describe('renewInApp', () => {
  it('asks the app for a fresh token and opens a session with it, once for every refused request', async () => {
    setLogin('a'.repeat(64), 3600);
    const fetchMock = stubFetch({ '/main/api/session/activate': { status: 200, body: SESSION } });
    const bridge = { getToken: vi.fn(() => Promise.resolve('fresh-messenger-token')) };
    const rejected = 'a'.repeat(64);
    // The API client drops the refused login first.
    appApiAuth.onUnauthorized(rejected);
    expect(getLogin().isAuthenticated).toBe(false);
    const [first, second] = await Promise.all([renewInApp(rejected, bridge), renewInApp(rejected, bridge)]);
    expect(first).toBe(SESSION.access_token);
    expect(second).toBe(SESSION.access_token);
    expect(bridge.getToken).toHaveBeenCalledTimes(1);
    expect(bridge.getToken).toHaveBeenCalledWith({ refresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect(await request.json()).toEqual({ token: 'fresh-messenger-token' });
    expect(getAccessToken()).toBe(SESSION.access_token);

    // A request refused with the old token after the renewal gets the new one, nothing asked.
    expect(await renewInApp(rejected, bridge)).toBe(SESSION.access_token);
    expect(bridge.getToken).toHaveBeenCalledTimes(1);
    // …and does not drop the renewed login.
    appApiAuth.onUnauthorized(rejected);
    expect(getAccessToken()).toBe(SESSION.access_token);
  });

  it('resolves null when the app has no token', async () => {
    const bridge = { getToken: vi.fn(() => Promise.resolve(null)) };
    expect(await renewInApp('gone', bridge)).toBeNull();
  });

  it("is the API client's renewal inside an app: a refused request is sent again with the new session", async () => {
    setLogin('a'.repeat(64), 3600);
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        const path = new URL(request.url).pathname;
        if (path === '/main/api/session/activate') {
          return Promise.resolve(Response.json(SESSION));
        }
        seen.push(request.headers.get('Authorization'));
        return Promise.resolve(
          request.headers.get('Authorization') === `Bearer ${SESSION.access_token}`
            ? Response.json({ user: { id: 7 } })
            : Response.json({ error: 'invalid_token', message: '로그인이 필요합니다.' }, { status: 401 }),
        );
      }),
    );
    const bridge = { getToken: vi.fn(() => Promise.resolve('fresh-messenger-token')) };
    configureApiAuth({ ...appApiAuth, renew: (rejected) => renewInApp(rejected, bridge) });
    await expect(mainApi.request('/api/users/me')).resolves.toEqual({ user: { id: 7 } });
    expect(seen).toEqual([`Bearer ${'a'.repeat(64)}`, `Bearer ${SESSION.access_token}`]);
  });
});

describe('startLoginInApp', () => {
  it("hands the app's fresh token to the token event (the one sign-in step), and nothing without one", async () => {
    const emit = vi.fn();
    await startLoginInApp({ getToken: vi.fn(() => Promise.resolve('fresh-messenger-token')), emit });
    expect(emit).toHaveBeenCalledWith('token', { token: 'fresh-messenger-token' });
    emit.mockClear();
    await startLoginInApp({ getToken: vi.fn(() => Promise.resolve(null)), emit });
    expect(emit).not.toHaveBeenCalled();
  });
});
