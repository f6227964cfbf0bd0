// GET /api/v1/securities/{security_id}/investors?limit=1: the latest trading
// day's investor row (generated sample data), for the foreign holding ratio.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { LATEST_INVESTOR_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { Investor } from '../types';

import { stockKeys } from './query-keys';

export async function getLatestInvestor(securityId: string, signal?: AbortSignal): Promise<Investor | null> {
  const page = await unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/investors', {
      params: { path: { security_id: securityId }, query: { limit: 1 } },
      signal,
    }),
  );
  return page.investors[0] ?? null;
}

export function getLatestInvestorQueryOptions(securityId: string) {
  return queryOptions({
    queryKey: stockKeys.latestInvestor(securityId),
    queryFn: ({ signal }) => getLatestInvestor(securityId, signal),
    staleTime: LATEST_INVESTOR_STALE_TIME_MS,
  });
}

export function useLatestInvestor(securityId: string) {
  return useQuery(getLatestInvestorQueryOptions(securityId));
}
