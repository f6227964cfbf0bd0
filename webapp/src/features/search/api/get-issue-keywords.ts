// GET /api/v1/search/issue_keywords?limit=: names rising in the news and searches, sharpest first.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SEARCH_KEYWORDS_LIMIT, SEARCH_KEYWORDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { IssueKeywordList } from '../types';

import { searchKeys } from './query-keys';

export function getIssueKeywords(limit: number, signal?: AbortSignal): Promise<IssueKeywordList> {
  return unwrap(mainApi.GET('/api/v1/search/issue_keywords', { params: { query: { limit } }, signal }));
}

export function getIssueKeywordsQueryOptions(limit: number = SEARCH_KEYWORDS_LIMIT) {
  return queryOptions({
    queryKey: searchKeys.issueKeywords({ limit }),
    queryFn: ({ signal }) => getIssueKeywords(limit, signal),
    staleTime: SEARCH_KEYWORDS_STALE_TIME_MS,
  });
}

export function useIssueKeywords() {
  return useQuery(getIssueKeywordsQueryOptions());
}
