// Query-key factory of the assets feature (TkDodo's hierarchy):
// assets → lists/details → …, forexes → major ids / ticks / day / chart / calc.
import type { ForexChartPeriod } from '../types';

export const assetKeys = {
  all: ['assets'] as const,
  lists: () => [...assetKeys.all, 'list'] as const,
  list: (ids: readonly string[]) => [...assetKeys.lists(), { ids: [...ids] }] as const,
  details: () => [...assetKeys.all, 'detail'] as const,
  detail: (assetId: string) => [...assetKeys.details(), assetId] as const,
  dayCandles: (assetId: string, filters: { limit: number }) =>
    [...assetKeys.detail(assetId), 'day-candles', filters] as const,
  dayCandleList: (assetId: string, filters: { limit: number }) =>
    [...assetKeys.detail(assetId), 'day-candle-list', filters] as const,
  minuteCandles: (assetId: string) => [...assetKeys.detail(assetId), 'minute-candles'] as const,
};

export const forexKeys = {
  all: ['forexes'] as const,
  majorIds: () => [...forexKeys.all, 'major-ids'] as const,
  ticks: (assetIds: readonly string[]) => [...forexKeys.all, 'ticks', { assetIds: [...assetIds] }] as const,
  dayLists: () => [...forexKeys.all, 'day'] as const,
  dayList: (assetId: string, filters: { limit: number }) => [...forexKeys.dayLists(), assetId, filters] as const,
  chart: (assetId: string, period: ForexChartPeriod) => [...forexKeys.all, 'chart', assetId, period] as const,
  calc: (params: { from: string; to: string; amount: number }) => [...forexKeys.all, 'calc', params] as const,
};
