// GET /api/v1/securities/{security_id}/minute_candles: the current simulated
// trading day minute by minute (oldest first), for the intraday line. Refreshed
// while a chart shows it.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { MINUTE_CANDLES_REFRESH_MS, MINUTE_CANDLES_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { MinuteCandleList } from '../types';

export function getMinuteCandles(securityId: string, signal?: AbortSignal): Promise<MinuteCandleList> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/minute_candles', {
      params: { path: { security_id: securityId } },
      signal,
    }),
  );
}

export function getMinuteCandlesQueryOptions(securityId: string) {
  return queryOptions({
    queryKey: securityKeys.minuteCandles(securityId),
    queryFn: ({ signal }) => getMinuteCandles(securityId, signal),
    staleTime: MINUTE_CANDLES_STALE_TIME_MS,
    refetchInterval: MINUTE_CANDLES_REFRESH_MS,
  });
}

export function useMinuteCandles(securityId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMinuteCandlesQueryOptions(securityId), enabled });
}
