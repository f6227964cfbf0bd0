// GET /api/v1/insight_articles?scope=&limit=&cursor= (main host, everyone): every shown article
// or the featured ones, newest first, 10 a page; GET /api/v1/insight_articles/featured?limit=:
// the newest featured few.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { INSIGHT_FEATURED_SIZE, INSIGHT_PAGE_SIZE, INSIGHT_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { insightKeys } from '@/lib/query-keys';

import type { InsightArticlePage } from '../types';

export function getInsightArticles(
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<InsightArticlePage> {
  return unwrap(mainApi.GET('/api/v1/insight_articles', { params: { query: { limit, cursor: cursor ?? undefined } }, signal }));
}

export function getInsightArticlesInfiniteQueryOptions(limit: number = INSIGHT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: insightKeys.list('all', { limit }),
    queryFn: ({ pageParam, signal }) => getInsightArticles({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: INSIGHT_STALE_TIME_MS,
  });
}

export function useInsightArticles() {
  return useInfiniteQuery(getInsightArticlesInfiniteQueryOptions());
}

export function getFeaturedInsightArticles(limit: number, signal?: AbortSignal): Promise<InsightArticlePage> {
  return unwrap(mainApi.GET('/api/v1/insight_articles/featured', { params: { query: { limit } }, signal }));
}

export function getFeaturedInsightArticlesQueryOptions(limit: number = INSIGHT_FEATURED_SIZE) {
  return queryOptions({
    queryKey: insightKeys.list('featured', { limit }),
    queryFn: ({ signal }) => getFeaturedInsightArticles(limit, signal),
    staleTime: INSIGHT_STALE_TIME_MS,
  });
}

export function useFeaturedInsightArticles(limit: number = INSIGHT_FEATURED_SIZE) {
  return useQuery(getFeaturedInsightArticlesQueryOptions(limit));
}
