// GET /api/v1/quotes?security_ids=…: current quotes of several securities.
// Unknown ids are omitted from the answer.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { QUOTE_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { QuoteList } from '../types';

import { quoteKeys } from './query-keys';

export function getQuotes(securityIds: readonly string[], signal?: AbortSignal): Promise<QuoteList> {
  return unwrap(
    mainApi.GET('/api/v1/quotes', {
      params: { query: { security_ids: securityIds.join(',') } },
      signal,
    }),
  );
}

export function getQuotesQueryOptions(securityIds: readonly string[]) {
  return queryOptions({
    queryKey: quoteKeys.list(securityIds),
    queryFn: ({ signal }) => getQuotes(securityIds, signal),
    staleTime: QUOTE_STALE_TIME_MS,
    enabled: securityIds.length > 0,
  });
}

export function useQuotes(securityIds: readonly string[]) {
  return useQuery(getQuotesQueryOptions(securityIds));
}
