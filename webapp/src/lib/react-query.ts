import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

import { ApiError } from '@/lib/api/api-error';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not glitches: do not retry them. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export const queryConfig = {
  queries: {
    retry: shouldRetry,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
