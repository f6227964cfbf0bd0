// A live ranked list paged with 더보기 (the collections, 상승/하락, a sector's stocks). The
// ranking is computed per request, so a later page may repeat stocks that crossed a neighbour
// (docs/architecture.md, "Trends": paging): they are shown once, and the list asks for further
// pages until each 더보기 has added its 20 rows or the list ends.
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { type PaginatedList, toPaginatedList } from '@/lib/paginated-list';

import { TREND_PAGE_SIZE } from '../api/get-ordered-stocks';
import type { TrendStock } from '../types';
import { uniqueStocks } from '../utils/unique-stocks';

type RankedPage = { stocks: TrendStock[]; next_cursor?: string | null };

/**
 * The rows to show and the footer's list. `listKey` names the list: another one (a new key or
 * market) starts again at one page.
 */
export function useRankedPages<TPage extends RankedPage>(
  query: UseInfiniteQueryResult<InfiniteData<TPage, unknown>>,
  listKey: string,
): { stocks: TrendStock[]; list: PaginatedList<TrendStock> } {
  const list = toPaginatedList(query, (page) => page.stocks, (page) => page.next_cursor);
  const stocks = uniqueStocks(list.entities);
  const [asked, setAsked] = useState({ listKey, rows: TREND_PAGE_SIZE });
  const wanted = asked.listKey === listKey ? asked.rows : TREND_PAGE_SIZE;
  const short = query.data !== undefined && stocks.length < wanted && query.hasNextPage && !query.isError;
  const { isFetching, fetchNextPage } = query;
  const { pageCount } = list;
  useEffect(() => {
    // pageCount too: a page may arrive without a render that saw it fetching.
    if (short && !isFetching) void fetchNextPage();
  }, [short, isFetching, fetchNextPage, pageCount]);

  const shown = stocks.slice(0, wanted);
  return {
    stocks: shown,
    list: {
      ...list,
      entities: shown,
      isFetching: list.isFetching || short,
      // Rows already loaded (a list seen before) show at once; otherwise the effect loads them.
      reachedEnd: list.reachedEnd && shown.length === stocks.length,
      loadMore: () => setAsked({ listKey, rows: wanted + TREND_PAGE_SIZE }),
    },
  };
}
