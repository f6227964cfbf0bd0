// GET /api/v1/search/popular_keywords?limit=: the assets searched most in the last day, by name.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SEARCH_KEYWORDS_LIMIT, SEARCH_KEYWORDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { PopularKeywordList } from '../types';

import { searchKeys } from './query-keys';

export function getPopularKeywords(limit: number, signal?: AbortSignal): Promise<PopularKeywordList> {
  return unwrap(mainApi.GET('/api/v1/search/popular_keywords', { params: { query: { limit } }, signal }));
}

export function getPopularKeywordsQueryOptions(limit: number = SEARCH_KEYWORDS_LIMIT) {
  return queryOptions({
    queryKey: searchKeys.popularKeywords({ limit }),
    queryFn: ({ signal }) => getPopularKeywords(limit, signal),
    staleTime: SEARCH_KEYWORDS_STALE_TIME_MS,
  });
}

export function usePopularKeywords() {
  return useQuery(getPopularKeywordsQueryOptions());
}
