// The one error type every failed API call rejects with. The gateway answers
// failures with a JSON body `{ error, message }`: `error` is a stable
// snake_case code, `message` is Korean text meant for users.

import type { components } from './schema';

export type ApiErrorBody = components['schemas']['ApiError'];

/** Status used when the request never got an HTTP answer. */
export const NETWORK_ERROR_STATUS = 0;

const DEFAULT_MESSAGE = '요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.';
const NETWORK_MESSAGE = '네트워크 연결을 확인해 주세요.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly error: string;
  /** The whole error body: some routes add fields (`code`, `release_token`, …). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: ApiErrorBody, options?: { cause?: unknown }) {
    super(body.message, options);
    this.status = status;
    this.error = body.error;
    this.body = body;
  }

  /**
   * Builds an error from a response and its parsed body, whatever its shape (a 200 whose body
   * has an `error` field too, spec §8: its code is kept when it is a text).
   */
  static fromResponse(response: Response, body: unknown): ApiError {
    if (isApiErrorBody(body)) return new ApiError(response.status, body);
    const code = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
    return new ApiError(response.status, {
      error: typeof code === 'string' && code !== '' ? code : response.status >= 500 ? 'server_error' : 'http_error',
      message: DEFAULT_MESSAGE,
    });
  }

  static network(cause: unknown): ApiError {
    return new ApiError(
      NETWORK_ERROR_STATUS,
      { error: 'network_error', message: NETWORK_MESSAGE },
      { cause },
    );
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { error, message } = body as Record<string, unknown>;
  return typeof error === 'string' && typeof message === 'string';
}
