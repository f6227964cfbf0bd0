// Query-key factory of the trends feature (TkDodo's hierarchy): trends → special stocks (per
// market, counts) / ranked lists by key and filters / foreign indexes / sectors (list, top,
// one sector's stocks) / popular stocks by what they are counted by / 토론 급증. Paged lists keep their
// pages (cursors) inside the infinite query; a preview (first page only) is its own query.
import type { PopularBy, TrendKey, TrendMarket, TrendMarketFilter } from '../types';

export const trendKeys = {
  all: ['trends'] as const,
  specialStocks: () => [...trendKeys.all, 'special-stocks'] as const,
  specialStocksOf: (market: TrendMarket) => [...trendKeys.specialStocks(), market] as const,
  specialCounts: () => [...trendKeys.specialStocks(), 'counts'] as const,
  orderedLists: () => [...trendKeys.all, 'ordered-stocks'] as const,
  orderedList: (key: TrendKey, filters: { market: TrendMarketFilter; limit: number; infinite: boolean }) =>
    [...trendKeys.orderedLists(), key, filters] as const,
  foreignIndexes: () => [...trendKeys.all, 'foreign-indexes'] as const,
  sectors: () => [...trendKeys.all, 'wics-sectors'] as const,
  sectorList: () => [...trendKeys.sectors(), 'list'] as const,
  topSectors: (filters: { limit: number }) => [...trendKeys.sectors(), 'top', filters] as const,
  sectorSecurities: (wicsSectorCode: string, filters: { limit: number }) =>
    [...trendKeys.sectors(), 'detail', wicsSectorCode, 'securities', filters] as const,
  popularStocks: (by: PopularBy, filters: { limit: number }) => [...trendKeys.all, 'popular', by, filters] as const,
  discussionSurges: (filters: { limit: number }) => [...trendKeys.all, 'discussion-surges', filters] as const,
};
