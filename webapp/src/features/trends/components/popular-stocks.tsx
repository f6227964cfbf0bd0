import { useState, type ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { SegmentedControl } from '@/components/ui/segmented-control';

import { usePopularStocks } from '../api/get-popular-stocks';
import type { PopularBy, TrendStock } from '../types';

import { TrendStockListPlaceholder, TrendStockSlot } from './trend-stock-list';
import './trend-status.css';

/** The tabs of 인기 종목: named in news, searched, written about on the boards (last 24 hours), traded today. */
export const POPULAR_BY_OPTIONS: readonly { value: PopularBy; label: string }[] = [
  { value: 'news', label: '뉴스' },
  { value: 'search', label: '검색' },
  { value: 'posts', label: '토론' },
  { value: 'trading_value', label: '거래대금' },
];

export const POPULAR_STOCKS_EMPTY_MESSAGE = '인기 종목이 없습니다.';

type PopularStocksProps = {
  limit: number;
  /** Renders the stocks of the chosen tab (the route adds live quotes). */
  renderStocks: (stocks: readonly TrendStock[]) => ReactNode;
};

/** 인기 종목: the most named in news, searched, written about (last 24 hours) or traded today. */
export function PopularStocks({ limit, renderStocks }: PopularStocksProps) {
  const [by, setBy] = useState<PopularBy>('news');
  const query = usePopularStocks(by, limit);

  let body;
  if (query.isError && !query.data) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <TrendStockListPlaceholder rows={limit} />;
  } else if (query.data.stocks.length === 0) {
    body = <p className="trend-status">{POPULAR_STOCKS_EMPTY_MESSAGE}</p>;
  } else {
    body = renderStocks(query.data.stocks);
  }

  return (
    <Section title="인기 종목" testId="popular-stocks">
      <SegmentedControl label="인기 종목 기준" options={POPULAR_BY_OPTIONS} value={by} onChange={setBy} />
      <TrendStockSlot rows={limit}>{body}</TrendStockSlot>
    </Section>
  );
}
