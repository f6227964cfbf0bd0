// GET /mweb/api/v1/assets/{asset_id}: one index, FX rate or stock with its price.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { mobileWebApi, unwrap } from '@/lib/api';

import type { AssetDetail } from '../types';

import { assetKeys } from './query-keys';

/** An open asset page refreshes its price this often (major FX rates also arrive by the forex refresh). */
export const ASSET_REFRESH_MS = 15_000;

export function getAsset(assetId: string, signal?: AbortSignal): Promise<AssetDetail> {
  return unwrap(
    mobileWebApi.GET('/api/v1/assets/{asset_id}', { params: { path: { asset_id: assetId } }, signal }),
  );
}

export function getAssetQueryOptions(assetId: string) {
  return queryOptions({
    queryKey: assetKeys.detail(assetId),
    queryFn: ({ signal }) => getAsset(assetId, signal),
    staleTime: ASSET_REFRESH_MS / 2,
    refetchInterval: ASSET_REFRESH_MS,
  });
}

export function useAsset(assetId: string) {
  return useQuery(getAssetQueryOptions(assetId));
}
