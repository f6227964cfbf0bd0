// GET /api/v1/search/news_related_assets?keyword=&limit=&cursor=: the stocks that news holding
// the keyword names, the most named first (5 per page).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { NEWS_RELATED_ASSETS_PAGE_SIZE, SEARCH_RESULTS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { NewsRelatedAssetPage } from '../types';

import { searchKeys } from './query-keys';

export function getNewsRelatedAssets(
  keyword: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<NewsRelatedAssetPage> {
  return unwrap(
    mainApi.GET('/api/v1/search/news_related_assets', {
      params: { query: { keyword, limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getNewsRelatedAssetsInfiniteQueryOptions(
  keyword: string,
  limit: number = NEWS_RELATED_ASSETS_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: searchKeys.newsRelatedAssets(keyword, { limit }),
    queryFn: ({ pageParam, signal }) => getNewsRelatedAssets(keyword, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: SEARCH_RESULTS_STALE_TIME_MS,
  });
}

export function useNewsRelatedAssets(keyword: string) {
  return useInfiniteQuery(getNewsRelatedAssetsInfiniteQueryOptions(keyword));
}
