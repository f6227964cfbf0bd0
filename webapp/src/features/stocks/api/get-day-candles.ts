// GET /api/v1/securities/{security_id}/day_candles?limit=: the newest day
// candles (today's in-progress simulated candle first), for the chart and the
// 52-week range.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { DayCandlePage } from '../types';

import { stockKeys } from './query-keys';

export function getDayCandles(securityId: string, limit: number, signal?: AbortSignal): Promise<DayCandlePage> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/day_candles', {
      params: { path: { security_id: securityId }, query: { limit } },
      signal,
    }),
  );
}

export function getDayCandlesQueryOptions(securityId: string, limit: number) {
  return queryOptions({
    queryKey: stockKeys.dayCandles(securityId, { limit }),
    queryFn: ({ signal }) => getDayCandles(securityId, limit, signal),
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useDayCandles(securityId: string, limit: number) {
  return useQuery(getDayCandlesQueryOptions(securityId, limit));
}
