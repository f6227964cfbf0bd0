// GET /mweb/api/v1/assets?ids=A,B: several assets keyed by id (unknown ids left out).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ASSET_LIST_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { AssetMap } from '../types';

import { assetKeys } from './query-keys';

export function getAssets(ids: readonly string[], signal?: AbortSignal): Promise<AssetMap> {
  return unwrap(mobileWebApi.GET('/api/v1/assets', { params: { query: { ids: ids.join(',') } }, signal }));
}

export function getAssetsQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: assetKeys.list(ids),
    queryFn: ({ signal }) => getAssets(ids, signal),
    staleTime: ASSET_LIST_STALE_TIME_MS,
    enabled: ids.length > 0,
  });
}

export function useAssets(ids: readonly string[], { refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({ ...getAssetsQueryOptions(ids), refetchInterval });
}
