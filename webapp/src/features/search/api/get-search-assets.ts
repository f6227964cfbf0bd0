// GET /api/v1/search/assets?keyword=&limit=&cursor=: stocks, indexes and forex pairs for a
// keyword, best first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { SEARCH_PAGE_SIZE, SEARCH_RESULTS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { FoundAssetPage } from '../types';

import { searchKeys } from './query-keys';

export function getSearchAssets(
  keyword: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<FoundAssetPage> {
  return unwrap(
    mainApi.GET('/api/v1/search/assets', {
      params: { query: { keyword, limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getSearchAssetsInfiniteQueryOptions(keyword: string, limit: number = SEARCH_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: searchKeys.assets(keyword, { limit }),
    queryFn: ({ pageParam, signal }) => getSearchAssets(keyword, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: SEARCH_RESULTS_STALE_TIME_MS,
  });
}

export function useSearchAssets(keyword: string) {
  return useInfiniteQuery(getSearchAssetsInfiniteQueryOptions(keyword));
}
