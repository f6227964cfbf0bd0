// GET /api/v1/securities/{security_id}/insight_articles?limit=&cursor= (main host, everyone): the
// articles about one stock, newest first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { INSIGHT_PAGE_SIZE, INSIGHT_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { insightKeys } from '@/lib/query-keys';

import type { InsightArticlePage } from '../types';

export function getSecurityInsightArticles(
  securityId: string,
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<InsightArticlePage> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/insight_articles', {
      params: { path: { security_id: securityId }, query: { limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getSecurityInsightArticlesInfiniteQueryOptions(securityId: string, limit: number = INSIGHT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: insightKeys.list('security', { securityId, limit }),
    queryFn: ({ pageParam, signal }) => getSecurityInsightArticles(securityId, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: INSIGHT_STALE_TIME_MS,
  });
}

export function useSecurityInsightArticles(securityId: string) {
  return useInfiniteQuery(getSecurityInsightArticlesInfiniteQueryOptions(securityId));
}
