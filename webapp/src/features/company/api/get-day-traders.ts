// GET /api/v1/securities/{security_id}/day_traders?limit=&to=: the top five
// selling and buying brokerages per day (generated sample data), newest first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { DayTraderPage } from '../types';

export const DAY_TRADERS_PAGE_SIZE = 10;

export function getDayTraders(
  securityId: string,
  { limit, to }: { limit: number; to?: string | null },
  signal?: AbortSignal,
): Promise<DayTraderPage> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/day_traders', {
      params: { path: { security_id: securityId }, query: { limit, to: to ?? undefined } },
      signal,
    }),
  );
}

export function getDayTradersInfiniteQueryOptions(securityId: string, limit: number = DAY_TRADERS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: securityKeys.dayTraders(securityId, { limit, infinite: true }),
    queryFn: ({ pageParam, signal }) => getDayTraders(securityId, { limit, to: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.last_key ?? null,
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useDayTraders(securityId: string) {
  return useInfiniteQuery(getDayTradersInfiniteQueryOptions(securityId));
}
