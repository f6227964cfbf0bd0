// GET /api/v1/search/issue_keywords?limit= (이슈 키워드: names rising in the news and searches,
// sharpest first) and GET /api/v1/search/popular_keywords?limit= (인기 검색어: the assets searched
// most in the last day, by name). One fetcher and one set of options for both, by kind: the two
// calls take the same query and answer the same list.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SEARCH_KEYWORDS_LIMIT, SEARCH_KEYWORDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { KeywordList } from '../types';

import { type KeywordListKind, searchKeys } from './query-keys';

const PATHS = {
  issue: '/api/v1/search/issue_keywords',
  popular: '/api/v1/search/popular_keywords',
} as const;

export function getKeywordList(kind: KeywordListKind, limit: number, signal?: AbortSignal): Promise<KeywordList> {
  return unwrap(mainApi.GET(PATHS[kind], { params: { query: { limit } }, signal }));
}

export function getKeywordListQueryOptions(kind: KeywordListKind, limit: number = SEARCH_KEYWORDS_LIMIT) {
  return queryOptions({
    queryKey: searchKeys.keywordList(kind, { limit }),
    queryFn: ({ signal }) => getKeywordList(kind, limit, signal),
    staleTime: SEARCH_KEYWORDS_STALE_TIME_MS,
  });
}

export function useKeywordList(kind: KeywordListKind) {
  return useQuery(getKeywordListQueryOptions(kind));
}
