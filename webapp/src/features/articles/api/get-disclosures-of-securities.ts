// GET /api/v1/disclosures?security_ids=&limit=: the newest filings of any of several
// securities, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ARTICLES_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { DisclosurePage } from '../types';

import { articleKeys } from './query-keys';

export function getDisclosuresOfSecurities(
  securityIds: readonly string[],
  limit: number,
  signal?: AbortSignal,
): Promise<DisclosurePage> {
  return unwrap(
    mainApi.GET('/api/v1/disclosures', { params: { query: { security_ids: securityIds.join(','), limit } }, signal }),
  );
}

export function getDisclosuresOfSecuritiesQueryOptions(securityIds: readonly string[], limit: number) {
  return queryOptions({
    queryKey: articleKeys.list('disclosures', { securityIds, limit }),
    queryFn: ({ signal }) => getDisclosuresOfSecurities(securityIds, limit, signal),
    staleTime: ARTICLES_STALE_TIME_MS,
    enabled: securityIds.length > 0,
  });
}

export function useDisclosuresOfSecurities(securityIds: readonly string[], limit: number) {
  return useQuery(getDisclosuresOfSecuritiesQueryOptions(securityIds, limit));
}
