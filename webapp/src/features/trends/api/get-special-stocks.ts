// GET /api/v1/trends/special_stocks?market=: every special category of one market
// (상한가, 하한가, 52주 신고가, 52주 신저가, VI 발동) with its count and all its stocks.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { SpecialStocksAnswer, TrendMarket } from '../types';

import { trendKeys } from './query-keys';

export function getSpecialStocks(market: TrendMarket, signal?: AbortSignal): Promise<SpecialStocksAnswer> {
  return unwrap(mainApi.GET('/api/v1/trends/special_stocks', { params: { query: { market } }, signal }));
}

export function getSpecialStocksQueryOptions(market: TrendMarket) {
  return queryOptions({
    queryKey: trendKeys.specialStocksOf(market),
    queryFn: ({ signal }) => getSpecialStocks(market, signal),
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useSpecialStocks(market: TrendMarket) {
  return useQuery(getSpecialStocksQueryOptions(market));
}
