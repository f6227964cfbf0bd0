import { useEffect, useState, type ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { Section } from '@/components/ui/section';
import { toPaginatedList } from '@/lib/paginated-list';

import { TREND_PAGE_SIZE, useOrderedStockPages, useOrderedStocksPreview } from '../api/get-ordered-stocks';
import type { TrendKey, TrendMarketFilter, TrendStock } from '../types';
import { uniqueStocks } from '../utils/unique-stocks';

import { TrendStockListPlaceholder } from './trend-stock-list';

import './trend-status.css';

/** Rows reserved while the first page loads. */
const PLACEHOLDER_ROWS = 5;

type RankedStocksProps = {
  trendKey: TrendKey;
  market: TrendMarketFilter;
  /** Renders the stocks loaded so far (the route adds live quotes). */
  renderStocks: (stocks: readonly TrendStock[]) => ReactNode;
  emptyMessage?: string;
};

/**
 * A ranked list, 20 at a time with 더보기 until its end.
 *
 * Each 더보기 adds 20 rows. A live ranking is computed per request, so a later page may repeat
 * stocks that crossed a neighbour; those are shown once (uniqueStocks), and the list asks for
 * further pages until it has the rows asked for or reaches the end.
 */
export function RankedStocks({ trendKey, market, renderStocks, emptyMessage = '종목이 없습니다.' }: RankedStocksProps) {
  const query = useOrderedStockPages(trendKey, market);
  const list = toPaginatedList(query, (page) => page.stocks, (page) => page.next_cursor);
  const stocks = uniqueStocks(list.entities);

  // The rows asked for, per list (a new key or market starts again at one page).
  const listKey = `${trendKey}:${market}`;
  const [asked, setAsked] = useState({ listKey, rows: TREND_PAGE_SIZE });
  const wanted = asked.listKey === listKey ? asked.rows : TREND_PAGE_SIZE;
  const short = query.data !== undefined && stocks.length < wanted && query.hasNextPage && !query.isError;
  const { isFetching, fetchNextPage } = query;
  const pageCount = list.pageCount;
  useEffect(() => {
    // pageCount too: a page may arrive without a render that saw it fetching.
    if (short && !isFetching) void fetchNextPage();
  }, [short, isFetching, fetchNextPage, pageCount]);

  // The first page: rows of the list's height (a failed first page shows the footer's retry).
  if (query.isPending) {
    return <TrendStockListPlaceholder rows={PLACEHOLDER_ROWS} />;
  }
  const shown = stocks.slice(0, wanted);
  const footer = {
    ...list,
    entities: shown,
    isFetching: list.isFetching || short,
    // More rows already loaded (a list seen before) show at once; otherwise the effect loads them.
    reachedEnd: list.reachedEnd && shown.length === stocks.length,
    loadMore: () => setAsked({ listKey, rows: wanted + TREND_PAGE_SIZE }),
  };
  return (
    <>
      {shown.length > 0 ? renderStocks(shown) : null}
      <PaginatedListFooter list={footer} loadMoreBy="button" emptyMessage={emptyMessage} />
    </>
  );
}

type RankedStocksPreviewProps = {
  trendKey: TrendKey;
  title: string;
  limit: number;
  /** The full list's page. */
  moreHref: string;
  renderStocks: (stocks: readonly TrendStock[]) => ReactNode;
  testId?: string;
};

/** The first few of a ranked list (both markets) with 더보기 to its page. */
export function RankedStocksPreview({ trendKey, title, limit, moreHref, renderStocks, testId }: RankedStocksPreviewProps) {
  const query = useOrderedStocksPreview(trendKey, '', limit);

  let body;
  if (query.isError && !query.data) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <TrendStockListPlaceholder rows={limit} />;
  } else if (query.data.stocks.length === 0) {
    body = <p className="trend-status">종목이 없습니다.</p>;
  } else {
    body = renderStocks(query.data.stocks);
  }

  return (
    <Section title={title} testId={testId} more={{ to: moreHref, label: '더보기' }}>
      {body}
    </Section>
  );
}
