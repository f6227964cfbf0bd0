// GET /mweb/api/v1/assets/{asset_id}/minute_candles: today's minutes of an
// index (oldest first), refreshed while the intraday chart is open.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ASSET_MINUTES_REFRESH_MS, ASSET_MINUTES_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { AssetMinuteCandleList } from '../types';

import { assetKeys } from './query-keys';

export function getAssetMinuteCandles(assetId: string, signal?: AbortSignal): Promise<AssetMinuteCandleList> {
  return unwrap(
    mobileWebApi.GET('/api/v1/assets/{asset_id}/minute_candles', {
      params: { path: { asset_id: assetId } },
      signal,
    }),
  );
}

export function getAssetMinuteCandlesQueryOptions(assetId: string) {
  return queryOptions({
    queryKey: assetKeys.minuteCandles(assetId),
    queryFn: ({ signal }) => getAssetMinuteCandles(assetId, signal),
    staleTime: ASSET_MINUTES_STALE_TIME_MS,
    refetchInterval: ASSET_MINUTES_REFRESH_MS,
  });
}

export function useAssetMinuteCandles(assetId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAssetMinuteCandlesQueryOptions(assetId), enabled });
}
