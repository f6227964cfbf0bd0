import { afterEach, describe, expect, it, vi } from 'vitest';

import { configureApiAuth, mainApi, mobileWebApi, unwrap } from './client';

afterEach(() => configureApiAuth(null));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Signs with `token` until onUnauthorized drops it. */
function signedIn(token: string) {
  let current: string | null = token;
  const onUnauthorized = vi.fn(() => {
    current = null;
  });
  configureApiAuth({ getAccessToken: () => current, onUnauthorized });
  return onUnauthorized;
}

const authorizations = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([request]) => (request as Request).headers.get('Authorization'));

describe('signed requests', () => {
  it('send the bearer token on the main host, the Access-Token header on mobile-web', async () => {
    signedIn('t0k');
    const fetchMock = vi.fn((_: Request) => Promise.resolve(json(200, { quotes: [] })));
    vi.stubGlobal('fetch', fetchMock);
    await unwrap(mainApi.GET('/api/v1/quotes', { params: { query: { security_ids: 'X' } } }));
    await unwrap(mobileWebApi.GET('/api/v1/forexes/major_ids', {}));
    expect(fetchMock.mock.calls[0]?.[0].headers.get('Authorization')).toBe('Bearer t0k');
    expect(fetchMock.mock.calls[1]?.[0].headers.get('Access-Token')).toBe('t0k');
  });

  it('on 401 clear the login and retry once without the token', async () => {
    const onUnauthorized = signedIn('expired');
    const fetchMock = vi.fn((request: Request) =>
      Promise.resolve(
        request.headers.has('Authorization')
          ? json(401, { error: 'invalid_token', message: '로그인이 필요합니다.' })
          : json(200, { quotes: [{ id: 1 }] }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const data = await unwrap(mainApi.GET('/api/v1/quotes', { params: { query: { security_ids: 'X' } } }));
    expect(data).toEqual({ quotes: [{ id: 1 }] });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(authorizations(fetchMock)).toEqual(['Bearer expired', null]);
  });

  it('retry only once: a second 401 is the answer', async () => {
    const onUnauthorized = signedIn('expired');
    const fetchMock = vi.fn((_: Request) => Promise.resolve(json(401, { error: 'invalid_token', message: '인증 실패' })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(mainApi.request('/api/users/me', { method: 'PUT', json: { name: 'a' } })).rejects.toMatchObject({
      status: 401,
      error: 'invalid_token',
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // The body is sent again with the retry.
    expect(await fetchMock.mock.calls[1]?.[0].text()).toBe('{"name":"a"}');
  });

  it('never retry an unsigned request (a visitor’s 401 is the answer)', async () => {
    configureApiAuth({ getAccessToken: () => null, onUnauthorized: vi.fn() });
    const fetchMock = vi.fn((_: Request) =>
      Promise.resolve(json(401, { error: 'dormant_user', message: '휴면', code: 1000, release_token: 'r' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(mainApi.request('/api/session', { method: 'POST', json: {} })).rejects.toMatchObject({
      status: 401,
      body: { code: 1000, release_token: 'r' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('renewing a refused token (inside an app)', () => {
  it('retries once with the renewed token', async () => {
    let current: string | null = 'expired';
    const onUnauthorized = vi.fn(() => {
      current = null;
    });
    const renew = vi.fn((rejected: string) => {
      expect(rejected).toBe('expired');
      current = 'fresh';
      return Promise.resolve(current);
    });
    configureApiAuth({ getAccessToken: () => current, onUnauthorized, renew });
    const fetchMock = vi.fn((request: Request) =>
      Promise.resolve(
        request.headers.get('Authorization') === 'Bearer fresh'
          ? json(200, { user: { id: 1 } })
          : json(401, { error: 'invalid_token', message: '로그인이 필요합니다.' }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(mainApi.request('/api/users/me', { method: 'PUT', json: { name: 'a' } })).resolves.toEqual({
      user: { id: 1 },
    });
    expect(onUnauthorized).toHaveBeenCalledWith('expired');
    expect(renew).toHaveBeenCalledTimes(1);
    expect(authorizations(fetchMock)).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(await fetchMock.mock.calls[1]?.[0].text()).toBe('{"name":"a"}');
  });

  it('goes unsigned when there is no renewed token, and retries only once', async () => {
    const onUnauthorized = vi.fn();
    configureApiAuth({ getAccessToken: () => 'expired', onUnauthorized, renew: () => Promise.reject(new Error('no app')) });
    const fetchMock = vi.fn((_: Request) => Promise.resolve(json(401, { error: 'invalid_token', message: '인증 실패' })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(mainApi.request('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(authorizations(fetchMock)).toEqual(['Bearer expired', null]);

    // A renewed token refused too is the answer: no third request.
    fetchMock.mockClear();
    configureApiAuth({ getAccessToken: () => 'expired', onUnauthorized, renew: () => Promise.resolve('fresh') });
    await expect(mainApi.request('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(authorizations(fetchMock)).toEqual(['Bearer expired', 'Bearer fresh']);
  });
});
