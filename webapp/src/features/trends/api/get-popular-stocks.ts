// GET /api/v1/popular_stocks/{by}?limit=: the stocks most named in news, searched, written about
// on their boards (last 24 hours) or traded today.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { PopularBy, PopularStocks } from '../types';

import { trendKeys } from './query-keys';

/** 인기 종목 shows this many (the API's default, spec §7). */
export const POPULAR_STOCKS_LIMIT = 5;

export function getPopularStocks(by: PopularBy, limit: number, signal?: AbortSignal): Promise<PopularStocks> {
  return unwrap(
    mainApi.GET('/api/v1/popular_stocks/{by}', { params: { path: { by }, query: { limit } }, signal }),
  );
}

export function getPopularStocksQueryOptions(by: PopularBy, limit: number) {
  return queryOptions({
    queryKey: trendKeys.popularStocks(by, { limit }),
    queryFn: ({ signal }) => getPopularStocks(by, limit, signal),
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function usePopularStocks(by: PopularBy, limit: number) {
  return useQuery(getPopularStocksQueryOptions(by, limit));
}
