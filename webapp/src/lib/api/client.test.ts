import { describe, expect, it, vi } from 'vitest';

import { stubFetch } from '@/testing/test-utils';

import { ApiError } from './api-error';
import { mainApi, unwrap } from './client';

describe('unwrap', () => {
  it('returns the data of a successful call', async () => {
    const fetchMock = stubFetch({
      '/main/api/v1/quotes': { status: 200, body: { quotes: [] } },
    });
    const data = await unwrap(
      mainApi.GET('/api/v1/quotes', { params: { query: { security_ids: 'KOREA-A005930' } } }),
    );
    expect(data).toEqual({ quotes: [] });
    const url = new URL((fetchMock.mock.calls[0]?.[0] as Request).url);
    expect(url.pathname).toBe('/main/api/v1/quotes');
    expect(url.searchParams.get('security_ids')).toBe('KOREA-A005930');
  });

  it('rejects with an ApiError carrying the error body', async () => {
    stubFetch({
      '/main/api/v1/securities/KOREA-A999999': {
        status: 404,
        body: { error: 'security_not_found', message: '종목을 찾을 수 없습니다.' },
      },
    });
    const call = unwrap(
      mainApi.GET('/api/v1/securities/{security_id}', { params: { path: { security_id: 'KOREA-A999999' } } }),
    );
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({
      status: 404,
      error: 'security_not_found',
      message: '종목을 찾을 수 없습니다.',
      isNotFound: true,
    });
  });

  it('rejects with a generic ApiError when the body is not an error body', async () => {
    stubFetch({ '/main/api/v1/quotes': { status: 502, body: '<html>' } });
    await expect(
      unwrap(mainApi.GET('/api/v1/quotes', { params: { query: { security_ids: 'X' } } })),
    ).rejects.toMatchObject({ status: 502, error: 'server_error' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(
      unwrap(mainApi.GET('/api/v1/quotes', { params: { query: { security_ids: 'X' } } })),
    ).rejects.toMatchObject({ status: 0, error: 'network_error' });
  });
});

describe('an error field in the body (spec §8)', () => {
  it('makes a 200 answer a failure, with its code and message', async () => {
    stubFetch({
      '/main/api/v1/quotes': { status: 200, body: { error: 'quotes_unavailable', message: '시세를 불러오지 못했습니다.' } },
    });
    await expect(
      unwrap(mainApi.GET('/api/v1/quotes', { params: { query: { security_ids: 'X' } } })),
    ).rejects.toMatchObject({ status: 200, error: 'quotes_unavailable', message: '시세를 불러오지 못했습니다.' });
  });

  it('keeps the code of an error field without a message, with the generic message', async () => {
    stubFetch({ '/main/api/users/me': { status: 200, body: { error: 'busy' } } });
    await expect(mainApi.request('/api/users/me')).rejects.toMatchObject({
      status: 200,
      error: 'busy',
      message: '요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    });
  });

  it('leaves a body whose error field is null, or that has none, a success', async () => {
    stubFetch({
      '/main/api/v1/quotes': { status: 200, body: { quotes: [], error: null } },
      '/main/api/users/me': { status: 200, body: { user: { id: 1 } } },
    });
    await expect(
      unwrap(mainApi.GET('/api/v1/quotes', { params: { query: { security_ids: 'X' } } })),
    ).resolves.toEqual({ quotes: [], error: null });
    await expect(mainApi.request('/api/users/me')).resolves.toEqual({ user: { id: 1 } });
  });
});
