// GET /api/v1/trends/ordered_stocks?key=&market=&limit=&cursor=: stocks ranked by a key
// (상승, 하락, 거래대금, 시가총액, …) in one market or both (market empty), paged by
// `next_cursor`. The full list pages with 더보기 (infinite query); a preview asks for the
// first few only.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { OrderedStockPage, TrendKey, TrendMarketFilter } from '../types';

import { trendKeys } from './query-keys';

/** Ranked lists (collections, 상승/하락, a sector's stocks) page by 20 with 더보기. */
export const TREND_PAGE_SIZE = 20;

/** A ranked list's preview (the collections on 국내). */
export const TREND_PREVIEW_SIZE = 5;

export function getOrderedStocks(
  key: TrendKey,
  { market, limit, cursor }: { market: TrendMarketFilter; limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<OrderedStockPage> {
  return unwrap(
    mainApi.GET('/api/v1/trends/ordered_stocks', {
      params: { query: { key, market: market === '' ? undefined : market, limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getOrderedStocksInfiniteQueryOptions(
  key: TrendKey,
  market: TrendMarketFilter,
  limit: number = TREND_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: trendKeys.orderedList(key, { market, limit, infinite: true }),
    queryFn: ({ pageParam, signal }) => getOrderedStocks(key, { market, limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useOrderedStockPages(key: TrendKey, market: TrendMarketFilter) {
  return useInfiniteQuery(getOrderedStocksInfiniteQueryOptions(key, market));
}

/** The first `limit` stocks of a ranked list. */
export function getOrderedStocksPreviewQueryOptions(key: TrendKey, market: TrendMarketFilter, limit: number) {
  return queryOptions({
    queryKey: trendKeys.orderedList(key, { market, limit, infinite: false }),
    queryFn: ({ signal }) => getOrderedStocks(key, { market, limit }, signal),
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useOrderedStocksPreview(key: TrendKey, market: TrendMarketFilter, limit: number) {
  return useQuery(getOrderedStocksPreviewQueryOptions(key, market, limit));
}
