import { useAssets } from '../api/get-assets';

export type NamedStock = {
  securityId: string;
  /** null while the name is loading. */
  name: string | null;
};

/**
 * The names of stocks, from one call for all of them (GET /securities/{id} would count a
 * page view per stock). Where the call failed or left a stock out, its KRX code stands in.
 */
export function useStockNames(securityIds: readonly string[]): NamedStock[] {
  const assetsQuery = useAssets(securityIds);
  const assets = assetsQuery.data?.assets;
  return securityIds.map((securityId) => ({
    securityId,
    name: assets?.[securityId]?.name ?? (assetsQuery.isPending ? null : securityId.replace(/^KOREA-A/, '')),
  }));
}
