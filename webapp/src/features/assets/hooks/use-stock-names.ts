import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { getAssetsQueryOptions } from '../api/get-assets';

export type NamedStock = {
  securityId: string;
  /** null while the name is loading. */
  name: string | null;
};

/**
 * The names of stocks, from one call for all of them (GET /securities/{id} would count a
 * page view per stock). Where the call failed or left a stock out, its KRX code stands in.
 * When the ids change (a stock removed from a list, another viewed), the names already known
 * stay on screen while the new call runs.
 */
export function useStockNames(securityIds: readonly string[]): NamedStock[] {
  const assetsQuery = useQuery({ ...getAssetsQueryOptions(securityIds), placeholderData: keepPreviousData });
  const assets = assetsQuery.data?.assets;
  const loading = assetsQuery.isPending || assetsQuery.isPlaceholderData;
  return securityIds.map((securityId) => ({
    securityId,
    name: assets?.[securityId]?.name ?? (loading ? null : securityId.replace(/^KOREA-A/, '')),
  }));
}
