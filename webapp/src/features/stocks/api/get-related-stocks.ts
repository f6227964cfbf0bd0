// GET /api/v1/securities/{security_id}/related_stocks?limit=: stocks of the
// same WICS industry group by market cap, each with its quote.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { QUOTE_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { RelatedStockList } from '../types';

import { stockKeys } from './query-keys';

export const RELATED_STOCKS_LIMIT = 5;

export function getRelatedStocks(securityId: string, limit: number, signal?: AbortSignal): Promise<RelatedStockList> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/related_stocks', {
      params: { path: { security_id: securityId }, query: { limit } },
      signal,
    }),
  );
}

export function getRelatedStocksQueryOptions(securityId: string, limit: number = RELATED_STOCKS_LIMIT) {
  return queryOptions({
    queryKey: stockKeys.relatedStocks(securityId, { limit }),
    queryFn: ({ signal }) => getRelatedStocks(securityId, limit, signal),
    staleTime: QUOTE_STALE_TIME_MS,
  });
}

export function useRelatedStocks(securityId: string, limit: number = RELATED_STOCKS_LIMIT) {
  return useQuery(getRelatedStocksQueryOptions(securityId, limit));
}
