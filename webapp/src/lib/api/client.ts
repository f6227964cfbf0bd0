// Typed clients, one per API host. Types come from `schema.d.ts`, generated
// from the gateway's OpenAPI document (`npm run gen:api`).

import createClient from 'openapi-fetch';

import { env } from '@/config/env';

import { ApiError } from './api-error';
import type { paths } from './schema';

export type { paths };

/** The JSON body of a route's 200 answer to GET. */
export type ApiResponse<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;

// The gateway publishes one OpenAPI document; each host serves its own subset
// of its paths under its own base URL.
export type ApiClient = ReturnType<typeof createClient<paths>>;

/** A relative base such as `/main` is resolved against the page, so requests work in any environment. */
function resolveBaseUrl(base: string): string {
  if (typeof window === 'undefined') return base;
  return new URL(base, window.location.href).href.replace(/\/+$/, '');
}

function createApiClient(base: string): ApiClient {
  return createClient<paths>({
    baseUrl: resolveBaseUrl(base),
    // Looked up on every call (not captured once), so tests can stub `fetch`.
    fetch: (request) => globalThis.fetch(request),
  });
}

export const mainApi = createApiClient(env.MAIN_API_BASE);
export const socialApi = createApiClient(env.SOCIAL_API_BASE);
export const mobileWebApi = createApiClient(env.MOBILE_WEB_API_BASE);

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and returns its data, or rejects with an
 * {@link ApiError} (also for network failures).
 *
 * ```ts
 * const detail = await unwrap(mainApi.GET('/api/v1/securities/{security_id}', { ... }));
 * ```
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<Exclude<T, undefined>> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw ApiError.network(cause);
  }
  if (result.error !== undefined || !result.response.ok) {
    throw ApiError.fromResponse(result.response, result.error);
  }
  return result.data as Exclude<T, undefined>;
}
