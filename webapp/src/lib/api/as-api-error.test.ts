// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { asApiError } from './as-api-error';

describe('asApiError', () => {
  it('keeps an ApiError', () => {
    const error = new ApiError(409, { error: 'list_full', message: '가득 찼습니다.' });
    expect(asApiError(error)).toBe(error);
  });

  it('makes anything else a network failure with the cause kept', () => {
    const cause = new TypeError('Failed to fetch');
    const error = asApiError(cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(NETWORK_ERROR_STATUS);
    expect(error.error).toBe('network_error');
    expect(error.cause).toBe(cause);
  });
});
