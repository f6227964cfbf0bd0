// GET /api/v1/search/news?keyword=&limit=&cursor=: news holding the keyword, newest first
// (the items of GET /api/v1/news).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { SEARCH_PAGE_SIZE, SEARCH_RESULTS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { NewsSearchPage } from '../types';

import { searchKeys } from './query-keys';

export function getSearchNews(
  keyword: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<NewsSearchPage> {
  return unwrap(
    mainApi.GET('/api/v1/search/news', {
      params: { query: { keyword, limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getSearchNewsInfiniteQueryOptions(keyword: string, limit: number = SEARCH_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: searchKeys.news(keyword, { limit }),
    queryFn: ({ pageParam, signal }) => getSearchNews(keyword, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: SEARCH_RESULTS_STALE_TIME_MS,
  });
}

export function useSearchNews(keyword: string) {
  return useInfiniteQuery(getSearchNewsInfiniteQueryOptions(keyword));
}
