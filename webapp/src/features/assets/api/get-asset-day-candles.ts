// GET /mweb/api/v1/assets/{asset_id}/day_candles?limit=&to=: daily candles of an
// index or FX rate, newest first (volume 0 where unknown), paged backwards in time
// with `to` = the previous page's `last_key`.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { AssetDayCandlePage } from '../types';

import { assetKeys } from './query-keys';

export const ASSET_DAY_CANDLES_PAGE_SIZE = 30;

export function getAssetDayCandles(
  assetId: string,
  { limit, to }: { limit: number; to?: string | null },
  signal?: AbortSignal,
): Promise<AssetDayCandlePage> {
  return unwrap(
    mobileWebApi.GET('/api/v1/assets/{asset_id}/day_candles', {
      params: { path: { asset_id: assetId }, query: { limit, to: to ?? undefined } },
      signal,
    }),
  );
}

/** The newest `limit` days, for the chart. */
export function getAssetDayCandlesQueryOptions(assetId: string, limit: number) {
  return queryOptions({
    queryKey: assetKeys.dayCandles(assetId, { limit }),
    queryFn: ({ signal }) => getAssetDayCandles(assetId, { limit }, signal),
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useAssetDayCandles(assetId: string, limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAssetDayCandlesQueryOptions(assetId, limit), enabled });
}

/** Every day, page by page, for the daily table. */
export function getAssetDayCandlesInfiniteQueryOptions(assetId: string, limit: number = ASSET_DAY_CANDLES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: assetKeys.dayCandleList(assetId, { limit }),
    queryFn: ({ pageParam, signal }) => getAssetDayCandles(assetId, { limit, to: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.last_key ?? null,
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useAssetDayCandlePages(assetId: string) {
  return useInfiniteQuery(getAssetDayCandlesInfiniteQueryOptions(assetId));
}
