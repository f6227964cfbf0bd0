import { useStockNames } from '@/features/assets/hooks/use-stock-names';

/** A lookup of the names of `securityIds` (one call for all; the code stands in meanwhile). */
export function useStockNameLookup(securityIds: readonly string[]): (securityId: string) => string | undefined {
  const ids = [...new Set(securityIds)];
  const names = new Map(useStockNames(ids).map((stock) => [stock.securityId, stock.name ?? undefined]));
  return (securityId) => names.get(securityId);
}
