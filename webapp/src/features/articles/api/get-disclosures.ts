// GET /api/v1/securities/{security_id}/disclosures?limit=&cursor=: DART
// filings of a security, newest first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { ARTICLES_PAGE_SIZE, ARTICLES_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { DisclosurePage } from '../types';

export function getDisclosures(
  securityId: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<DisclosurePage> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/disclosures', {
      params: { path: { security_id: securityId }, query: { limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getDisclosuresInfiniteQueryOptions(securityId: string, limit: number = ARTICLES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: securityKeys.disclosures(securityId, { limit, infinite: true }),
    queryFn: ({ pageParam, signal }) => getDisclosures(securityId, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: ARTICLES_STALE_TIME_MS,
  });
}

export function useDisclosures(securityId: string) {
  return useInfiniteQuery(getDisclosuresInfiniteQueryOptions(securityId));
}
