// Not in index.ts: index.ts is in the shell, and only lazy screens need this.
import { ApiError } from './api-error';

/**
 * What a call rejected with, as an ApiError: the error itself, or a network failure wrapping
 * anything else (a failed fetch, a thrown TypeError), whose message is meant for users too.
 */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : ApiError.network(error);
}
