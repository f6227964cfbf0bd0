// GET /mweb/api/v1/forexes/{asset_id}/chart?period=day|week|month|year: the
// points of an FX rate's line chart.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { FOREX_INTRADAY_REFRESH_MS, FOREX_RATE_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { ForexChart, ForexChartPeriod } from '../types';

import { forexKeys } from './query-keys';

export function getForexChart(assetId: string, period: ForexChartPeriod, signal?: AbortSignal): Promise<ForexChart> {
  return unwrap(
    mobileWebApi.GET('/api/v1/forexes/{asset_id}/chart', {
      params: { path: { asset_id: assetId }, query: { period } },
      signal,
    }),
  );
}

export function getForexChartQueryOptions(assetId: string, period: ForexChartPeriod) {
  return queryOptions({
    queryKey: forexKeys.chart(assetId, period),
    queryFn: ({ signal }) => getForexChart(assetId, period, signal),
    staleTime: FOREX_RATE_STALE_TIME_MS,
    // The intraday line grows while the page is open.
    refetchInterval: period === 'day' ? FOREX_INTRADAY_REFRESH_MS : false,
  });
}

export function useForexChart(assetId: string, period: ForexChartPeriod) {
  return useQuery(getForexChartQueryOptions(assetId, period));
}
