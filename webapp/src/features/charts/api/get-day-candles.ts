// GET /api/v1/securities/{security_id}/day_candles?limit=&to=: day candles, newest
// first (today's in-progress simulated candle first), paged backwards in time with
// `to` = the previous page's `last_key`. The chart and the 52-week range read the
// newest days at once; the daily table (일별) reads them page by page.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { DayCandlePage } from '../types';

/** Rows per page of the daily table. */
export const DAY_CANDLES_PAGE_SIZE = 30;

export function getDayCandles(
  securityId: string,
  { limit, to }: { limit: number; to?: string | null },
  signal?: AbortSignal,
): Promise<DayCandlePage> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/day_candles', {
      params: { path: { security_id: securityId }, query: { limit, to: to ?? undefined } },
      signal,
    }),
  );
}

/** The newest `limit` days, for the chart and the 52-week range. */
export function getDayCandlesQueryOptions(securityId: string, limit: number) {
  return queryOptions({
    queryKey: securityKeys.dayCandles(securityId, { limit }),
    queryFn: ({ signal }) => getDayCandles(securityId, { limit }, signal),
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useDayCandles(securityId: string, limit: number) {
  return useQuery(getDayCandlesQueryOptions(securityId, limit));
}

/** Every day, page by page, for the daily table. */
export function getDayCandlesInfiniteQueryOptions(securityId: string, limit: number = DAY_CANDLES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: securityKeys.dayCandles(securityId, { limit, infinite: true }),
    queryFn: ({ pageParam, signal }) => getDayCandles(securityId, { limit, to: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.last_key ?? null,
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useDayCandlePages(securityId: string) {
  return useInfiniteQuery(getDayCandlesInfiniteQueryOptions(securityId));
}
