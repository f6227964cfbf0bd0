// GET /api/v1/securities/{security_id}/recent_trader: the latest trading day's
// top five selling and buying brokerages (generated sample data).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { RecentTrader } from '../types';

export function getRecentTrader(securityId: string, signal?: AbortSignal): Promise<RecentTrader> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/recent_trader', {
      params: { path: { security_id: securityId } },
      signal,
    }),
  );
}

export function getRecentTraderQueryOptions(securityId: string) {
  return queryOptions({
    queryKey: securityKeys.recentTrader(securityId),
    queryFn: ({ signal }) => getRecentTrader(securityId, signal),
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useRecentTrader(securityId: string) {
  return useQuery(getRecentTraderQueryOptions(securityId));
}
