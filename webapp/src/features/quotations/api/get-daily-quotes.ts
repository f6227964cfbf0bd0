// GET /api/v1/securities/{security_id}/day_candles?limit=&to=: daily quotes,
// newest first, paged backwards in time with `to` = the previous page's `last_key`.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { DayCandlePage } from '../types';

import { quotationKeys } from './query-keys';

export const DAILY_QUOTES_PAGE_SIZE = 30;

export function getDailyQuotes(
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

export function getDailyQuotesInfiniteQueryOptions(securityId: string, limit: number = DAILY_QUOTES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: quotationKeys.dailyList(securityId, { limit }),
    queryFn: ({ pageParam, signal }) => getDailyQuotes(securityId, { limit, to: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.last_key ?? null,
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useDailyQuotes(securityId: string) {
  return useInfiniteQuery(getDailyQuotesInfiniteQueryOptions(securityId));
}
