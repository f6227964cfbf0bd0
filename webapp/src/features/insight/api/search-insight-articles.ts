// GET /api/v1/search/insight_articles?keyword=&limit=&cursor= (main host, everyone): articles
// whose title or text holds the keyword, the title's matches first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { INSIGHT_PAGE_SIZE, INSIGHT_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { insightKeys } from '@/lib/query-keys';

import type { InsightArticlePage } from '../types';

export function searchInsightArticles(
  keyword: string,
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<InsightArticlePage> {
  return unwrap(
    mainApi.GET('/api/v1/search/insight_articles', {
      params: { query: { keyword, limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function searchInsightArticlesInfiniteQueryOptions(keyword: string, limit: number = INSIGHT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: insightKeys.list('search', { keyword, limit }),
    queryFn: ({ pageParam, signal }) => searchInsightArticles(keyword, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: INSIGHT_STALE_TIME_MS,
  });
}

export function useInsightArticleSearch(keyword: string) {
  return useInfiniteQuery(searchInsightArticlesInfiniteQueryOptions(keyword));
}
