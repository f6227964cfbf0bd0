// GET /api/v1/securities/{security_id}/moves?period=: "why it moved", the largest moves of
// a chart period with the disclosures, news and board activity around each. The day's
// moves change while it trades, so the intraday chart asks again now and then.
import { queryOptions, useQuery } from '@tanstack/react-query';

import {
  DAILY_ROWS_STALE_TIME_MS,
  INTRADAY_MOVES_REFRESH_MS,
  INTRADAY_MOVES_STALE_TIME_MS,
} from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import type { ChartPeriod } from '@/lib/chart-data';
import { securityKeys } from '@/lib/query-keys';

import type { MoveList } from '../types';

/** Markers per chart: the three largest moves of the period (the API's default). */
export const MOVES_PER_CHART = 3;

export function getMoves(securityId: string, period: ChartPeriod, signal?: AbortSignal): Promise<MoveList> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/moves', {
      params: { path: { security_id: securityId }, query: { period, limit: MOVES_PER_CHART } },
      signal,
    }),
  );
}

export function getMovesQueryOptions(securityId: string, period: ChartPeriod) {
  const intraday = period === '1d';
  const staleTime = intraday ? INTRADAY_MOVES_STALE_TIME_MS : DAILY_ROWS_STALE_TIME_MS;
  return queryOptions({
    queryKey: securityKeys.moves(securityId, period),
    queryFn: ({ signal }) => getMoves(securityId, period, signal),
    staleTime,
    refetchInterval: intraday ? INTRADAY_MOVES_REFRESH_MS : false,
  });
}

export function useMoves(securityId: string, period: ChartPeriod) {
  return useQuery(getMovesQueryOptions(securityId, period));
}
