// Typed clients, one per API host. Types come from `schema.d.ts`, generated from the gateway's
// OpenAPI document (`npm run gen:api`); the calls are a small fetch wrapper of our own (it
// replaced openapi-fetch: the same `GET(path, { params, signal })` shape and checks, a fraction
// of the shell's bytes), which also signs requests for a signed-in member.

import { env } from '@/config/env';

import { ApiError } from './api-error';
import type { paths } from './schema';

export type { paths };

type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The JSON body of a route's 200 answer to GET. */
export type ApiResponse<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } }
  ? JsonOf<R>
  : never;

/** The paths that answer GET. */
type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];

type Operation<P extends GetPath> = paths[P] extends { get: infer Op } ? Op : never;
type ParametersOf<Op> = Op extends { parameters: infer X } ? X : never;

/** `path` is required when the route has path parameters, `query` when one of its parameters is. */
type Params<X> = (X extends { path: infer Pa } ? { path: Pa } : unknown) &
  (X extends { query: infer Q } ? { query: Q } : X extends { query?: infer Q } ? { query?: Q } : unknown);

/** `params` may be left out only when nothing in it is required. */
type GetInit<P extends GetPath> = (Params<ParametersOf<Operation<P>>> extends infer Pr
  ? object extends Pr
    ? { params?: Pr }
    : { params: Pr }
  : never) & { signal?: AbortSignal };

/** What a call resolves to (it never rejects but for a network failure or an abort). */
type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/** How requests are signed; the identity feature provides it (app/start.tsx wires it). */
export type ApiAuth = {
  /** The member's token, or null for a visitor. */
  getAccessToken: () => string | null;
  /** A signed request was refused (401): `rejected` is no longer good, drop the login it is. */
  onUnauthorized: (rejected: string) => void;
  /**
   * A fresh token after `rejected` was refused, or null (then the request goes once unsigned).
   * Inside an app the app is asked for one (app/app-bridge/start.ts); a browser has none.
   */
  renew?: (rejected: string) => Promise<string | null>;
};

let auth: ApiAuth | null = null;

export function configureApiAuth(value: ApiAuth | null): void {
  auth = value;
}

/** A relative base such as `/main` is resolved against the page, so requests work in any environment. */
function resolveBaseUrl(base: string): string {
  if (typeof window === 'undefined') return base;
  return new URL(base, window.location.href).href.replace(/\/+$/, '');
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** `path` with its `{name}` segments filled in, and the defined query parameters. */
function buildPath(path: string, params?: { path?: object; query?: object }): string {
  const values = (params?.path ?? {}) as Record<string, string | number>;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((params?.query ?? {}) as Query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${filled}?${query}` : filled;
}

/**
 * Whether an answer is a success: a 2xx whose body is not an error body. spec §8: a body with
 * an `error` field is a failure whatever the status (no success body of the API has one).
 */
function succeeded(response: Response, body: unknown): boolean {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return response.ok && (error === undefined || error === null);
}

/** The parsed body: JSON when it says so, text otherwise, undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type RequestInitWithBody = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  signal?: AbortSignal;
};

function createApiClient(base: string, signWith: 'bearer' | 'access-token') {
  const baseUrl = resolveBaseUrl(base);

  /**
   * Sends a request, signed when a member is signed in. A signed request answered 401 means
   * the token was rejected: the login is dropped and the request is sent once more (spec §4),
   * with a fresh token when `renew` gets one (inside an app), else unsigned, so a visitor's
   * view of the page still loads.
   */
  async function send(path: string, { method = 'GET', json, form, signal }: RequestInitWithBody): Promise<Response> {
    const headers: Record<string, string> = {};
    let body: BodyInit | undefined = form;
    if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    }
    const url = baseUrl + path;
    // `fetch` is looked up on every call (not captured once), so tests can stub it.
    const unsigned = () => globalThis.fetch(new Request(url, { method, headers, body, signal }));
    const signed = (token: string) => {
      const withToken: Record<string, string> = { ...headers };
      if (signWith === 'bearer') withToken.Authorization = `Bearer ${token}`;
      else withToken['Access-Token'] = token;
      return globalThis.fetch(new Request(url, { method, headers: withToken, body, signal }));
    };
    const current = auth;
    const token = current?.getAccessToken() ?? null;
    if (!current || !token) return unsigned();
    const response = await signed(token);
    if (response.status !== 401) return response;
    current.onUnauthorized(token);
    const fresh = current.renew ? await current.renew(token).catch(() => null) : null;
    return fresh ? signed(fresh) : unsigned();
  }

  return {
    /** Resolves to `{ data }` or `{ error }` with the response; see {@link unwrap}. */
    async GET<P extends GetPath>(path: P, init: GetInit<P>): Promise<FetchResult<ApiResponse<P>>> {
      const response = await send(buildPath(path, (init as { params?: object }).params), {
        signal: init.signal,
      });
      const body = await readBody(response);
      return succeeded(response, body) ? { data: body as ApiResponse<P>, response } : { error: body ?? {}, response };
    },

    /**
     * Any call on this host, signed as the others, resolving with the response itself (for a
     * caller that reads its status and headers: the analytics client's Retry-After).
     */
    raw: (path: string, init: RequestInitWithBody = {}): Promise<Response> => send(path, init),

    /** Any call on this host, for routes the generated schema does not hold yet; rejects with ApiError. */
    async request<T>(path: string, init: RequestInitWithBody = {}): Promise<T> {
      return unwrap<T>(
        send(path, init).then(async (response) => {
          const body = await readBody(response);
          return succeeded(response, body) ? { data: body as T, response } : { error: body ?? {}, response };
        }),
      );
    },
  };
}

// Main and social carry `Authorization: Bearer`, mobile-web `Access-Token` (spec §7).
export const mainApi = createApiClient(env.MAIN_API_BASE, 'bearer');
export const socialApi = createApiClient(env.SOCIAL_API_BASE, 'bearer');
export const mobileWebApi = createApiClient(env.MOBILE_WEB_API_BASE, 'access-token');

/**
 * Awaits a call and returns its data, or rejects with an {@link ApiError} (also for network
 * failures).
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
