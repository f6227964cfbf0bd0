// GET /api/v1/securities/{security_id}/investors?limit=&to=: net buying by
// investor type per day (generated sample data), newest first, paged with `last_key`.
// The 투자자별 table reads it page by page; the overview reads the latest row for the
// foreign holding ratio.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS, LATEST_INVESTOR_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { Investor, InvestorPage } from '../types';

export const INVESTORS_PAGE_SIZE = 30;

export function getInvestors(
  securityId: string,
  { limit, to }: { limit: number; to?: string | null },
  signal?: AbortSignal,
): Promise<InvestorPage> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/investors', {
      params: { path: { security_id: securityId }, query: { limit, to: to ?? undefined } },
      signal,
    }),
  );
}

export function getInvestorsInfiniteQueryOptions(securityId: string, limit: number = INVESTORS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: securityKeys.investors(securityId, { limit, infinite: true }),
    queryFn: ({ pageParam, signal }) => getInvestors(securityId, { limit, to: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.last_key ?? null,
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useInvestors(securityId: string) {
  return useInfiniteQuery(getInvestorsInfiniteQueryOptions(securityId));
}

/** The latest trading day's row (null when there is none), for the foreign holding ratio. */
export function getLatestInvestorQueryOptions(securityId: string) {
  const limit = 1;
  return queryOptions({
    queryKey: securityKeys.investors(securityId, { limit }),
    queryFn: async ({ signal }): Promise<Investor | null> =>
      (await getInvestors(securityId, { limit }, signal)).investors[0] ?? null,
    staleTime: LATEST_INVESTOR_STALE_TIME_MS,
  });
}

export function useLatestInvestor(securityId: string) {
  return useQuery(getLatestInvestorQueryOptions(securityId));
}
