import type { ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { Section } from '@/components/ui/section';

import { useOrderedStockPages, useOrderedStocksPreview } from '../api/get-ordered-stocks';
import { useRankedPages } from '../hooks/use-ranked-pages';
import type { TrendKey, TrendMarketFilter, TrendStock } from '../types';

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

/** A ranked list, 20 at a time with 더보기 until its end (useRankedPages). */
export function RankedStocks({ trendKey, market, renderStocks, emptyMessage = '종목이 없습니다.' }: RankedStocksProps) {
  const query = useOrderedStockPages(trendKey, market);
  const { stocks, list } = useRankedPages(query, `${trendKey}:${market}`);

  // The first page: rows of the list's height (a failed first page shows the footer's retry).
  if (query.isPending) {
    return <TrendStockListPlaceholder rows={PLACEHOLDER_ROWS} />;
  }
  return (
    <>
      {stocks.length > 0 ? renderStocks(stocks) : null}
      <PaginatedListFooter list={list} loadMoreBy="button" emptyMessage={emptyMessage} />
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
