// GET /api/v1/securities/{security_id}/related_stocks?limit=: stocks of the
// same WICS industry group by market cap, each with its quote. The gateway serves it
// from its company module; here it belongs to securities because its rows are
// securities with quotes that the live quote stream keeps current.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { QUOTE_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { RelatedStockList } from '../types';

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
    queryKey: securityKeys.relatedStocks(securityId, { limit }),
    queryFn: ({ signal }) => getRelatedStocks(securityId, limit, signal),
    staleTime: QUOTE_STALE_TIME_MS,
  });
}

export function useRelatedStocks(securityId: string, limit: number = RELATED_STOCKS_LIMIT, enabled = true) {
  return useQuery({ ...getRelatedStocksQueryOptions(securityId, limit), enabled });
}
