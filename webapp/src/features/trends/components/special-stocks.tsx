import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { SegmentedControl } from '@/components/ui/segmented-control';

import { useSpecialStocks } from '../api/get-special-stocks';
import type { SpecialCategory, TrendMarket, TrendStock } from '../types';
import {
  SPECIAL_CATEGORIES,
  SPECIAL_CATEGORY_LABELS,
  SPECIAL_CATEGORY_PARAM,
  parseSpecialCategory,
} from '../utils/special-categories';

import { TrendStockListPlaceholder } from './trend-stock-list';

import './special-stocks.css';
import './trend-status.css';

export const SPECIAL_STOCKS_EMPTY_MESSAGE = '해당 종목이 없습니다.';

/** Rows reserved while the categories load. */
const PLACEHOLDER_ROWS = 3;

type SpecialStocksProps = {
  market: TrendMarket;
  /** Renders the chosen category's stocks (the route adds live quotes). */
  renderStocks: (stocks: readonly TrendStock[]) => ReactNode;
};

/**
 * 특징주 of one market: a chip per category with its count (the chosen one in `?category=`,
 * so the counts on 국내 open it), and the chosen category's stocks.
 */
export function SpecialStocks({ market, renderStocks }: SpecialStocksProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const category = parseSpecialCategory(searchParams.get(SPECIAL_CATEGORY_PARAM));
  const query = useSpecialStocks(market);
  const special = query.data?.special_stocks;

  const choose = (next: SpecialCategory) =>
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        updated.set(SPECIAL_CATEGORY_PARAM, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  let body;
  if (query.isError && !special) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!special) {
    body = <TrendStockListPlaceholder rows={PLACEHOLDER_ROWS} />;
  } else if (special[category].stocks.length === 0) {
    body = (
      <p className="trend-status" data-testid="special-stocks-empty">
        {SPECIAL_STOCKS_EMPTY_MESSAGE}
      </p>
    );
  } else {
    body = renderStocks(special[category].stocks);
  }

  return (
    <Section title="특징주" testId="special-stocks">
      <SegmentedControl
        label="특징주 구분"
        value={category}
        onChange={choose}
        options={SPECIAL_CATEGORIES.map((value) => ({
          value,
          label: special
            ? `${SPECIAL_CATEGORY_LABELS[value]} ${special[value].stocks_count}`
            : SPECIAL_CATEGORY_LABELS[value],
        }))}
      />
      {body}
    </Section>
  );
}
