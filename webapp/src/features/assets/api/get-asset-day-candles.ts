// GET /mweb/api/v1/assets/{asset_id}/day_candles?limit=: daily candles of an
// index or FX rate, newest first (volume 0 where unknown).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { mobileWebApi, unwrap } from '@/lib/api';

import type { AssetDayCandlePage } from '../types';

import { assetKeys } from './query-keys';

export function getAssetDayCandles(assetId: string, limit: number, signal?: AbortSignal): Promise<AssetDayCandlePage> {
  return unwrap(
    mobileWebApi.GET('/api/v1/assets/{asset_id}/day_candles', {
      params: { path: { asset_id: assetId }, query: { limit } },
      signal,
    }),
  );
}

export function getAssetDayCandlesQueryOptions(assetId: string, limit: number) {
  return queryOptions({
    queryKey: assetKeys.dayCandles(assetId, { limit }),
    queryFn: ({ signal }) => getAssetDayCandles(assetId, limit, signal),
    staleTime: 60_000,
  });
}

export function useAssetDayCandles(assetId: string, limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAssetDayCandlesQueryOptions(assetId, limit), enabled });
}
