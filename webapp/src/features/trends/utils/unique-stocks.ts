// Live ranked lists are computed per request, so a later page may repeat a stock that crossed
// a neighbour (docs/architecture.md, "Trends": paging). The pages show each stock once.
import type { TrendStock } from '../types';

/** The stocks with each security once, where it first appeared. */
export function uniqueStocks(stocks: readonly TrendStock[]): TrendStock[] {
  const seen = new Set<string>();
  return stocks.filter((stock) => {
    if (seen.has(stock.security_id)) return false;
    seen.add(stock.security_id);
    return true;
  });
}
