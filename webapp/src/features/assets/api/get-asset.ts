// GET /mweb/api/v1/assets/{asset_id}: one index, FX rate or stock with its price.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ASSET_REFRESH_MS, ASSET_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { AssetDetail } from '../types';

import { assetKeys } from './query-keys';

export function getAsset(assetId: string, signal?: AbortSignal): Promise<AssetDetail> {
  return unwrap(
    mobileWebApi.GET('/api/v1/assets/{asset_id}', { params: { path: { asset_id: assetId } }, signal }),
  );
}

export function getAssetQueryOptions(assetId: string) {
  return queryOptions({
    queryKey: assetKeys.detail(assetId),
    queryFn: ({ signal }) => getAsset(assetId, signal),
    staleTime: ASSET_STALE_TIME_MS,
    refetchInterval: ASSET_REFRESH_MS,
  });
}

export function useAsset(assetId: string) {
  return useQuery(getAssetQueryOptions(assetId));
}
