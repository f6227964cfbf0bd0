// GET /api/v1/news?security_ids=&limit=: the newest news naming any of several securities
// (each item once), newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ARTICLES_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { NewsPage } from '../types';

import { articleKeys } from './query-keys';

export function getNewsOfSecurities(securityIds: readonly string[], limit: number, signal?: AbortSignal): Promise<NewsPage> {
  return unwrap(
    mainApi.GET('/api/v1/news', { params: { query: { security_ids: securityIds.join(','), limit } }, signal }),
  );
}

export function getNewsOfSecuritiesQueryOptions(securityIds: readonly string[], limit: number) {
  return queryOptions({
    queryKey: articleKeys.list('news', { securityIds, limit }),
    queryFn: ({ signal }) => getNewsOfSecurities(securityIds, limit, signal),
    staleTime: ARTICLES_STALE_TIME_MS,
    enabled: securityIds.length > 0,
  });
}

export function useNewsOfSecurities(securityIds: readonly string[], limit: number) {
  return useQuery(getNewsOfSecuritiesQueryOptions(securityIds, limit));
}
