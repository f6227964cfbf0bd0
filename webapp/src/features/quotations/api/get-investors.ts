// GET /api/v1/securities/{security_id}/investors?limit=&to=: net buying by
// investor type per day (generated sample data), newest first, paged with `last_key`.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { InvestorPage } from '../types';

import { quotationKeys } from './query-keys';

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
    queryKey: quotationKeys.investorList(securityId, { limit }),
    queryFn: ({ pageParam, signal }) => getInvestors(securityId, { limit, to: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.last_key ?? null,
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useInvestors(securityId: string) {
  return useInfiniteQuery(getInvestorsInfiniteQueryOptions(securityId));
}
