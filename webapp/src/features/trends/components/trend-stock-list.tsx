import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { getChangeDisplay } from '@/lib/change-display';
import { formatKoreanAmount, formatNumber, formatSignedPercent } from '@/lib/format';
import { getMarketLabel } from '@/lib/market-label';

import type { TrendStock } from '../types';

import { DiscussionSurgeBadge } from './discussion-surges';

import './trend-stock-list.css';

/** The live part of a row: from the quote stream when known, else from the list's answer. */
export type TrendQuote = Pick<TrendStock, 'price' | 'change' | 'change_rate' | 'change_type'>;

/** The figure a ranked list ranks by, shown at the end of each row. */
export type TrendFigure = 'trading_value' | 'market_cap';

export const TREND_FIGURE_LABELS: Record<TrendFigure, string> = {
  trading_value: '거래대금',
  market_cap: '시가총액',
};

type TrendStockListProps = {
  stocks: readonly TrendStock[];
  /** Live quotes by security id; they replace the answer's price where present. */
  quotes?: ReadonlyMap<string, TrendQuote>;
  /** Number the rows 1, 2, 3, … (ranked lists). */
  ranked?: boolean;
  figure?: TrendFigure;
  /** Accessible name of the list. */
  label?: string;
  testId?: string;
  /** Something beside each row's link (the app's favorite heart); a button may not sit inside a link. */
  renderAction?: (stock: TrendStock) => ReactNode;
  /** The ids of stocks whose boards surge now: each gets the 토론 급증 badge. */
  surging?: ReadonlySet<string>;
};

/** Stocks with their price and change rate, each linking to its stock page. */
export function TrendStockList({
  stocks,
  quotes,
  ranked = false,
  figure,
  label,
  testId,
  renderAction,
  surging,
}: TrendStockListProps) {
  return (
    <ol className="trend-stocks" aria-label={label} data-testid={testId}>
      {stocks.map((stock, index) => {
        const quote = quotes?.get(stock.security_id) ?? stock;
        const display = getChangeDisplay(quote.change_type);
        return (
          <li key={stock.security_id} className={renderAction ? 'trend-stocks__row' : undefined}>
            <Link className="trend-stocks__item" to={paths.stock.getHref(stock.security_id)}>
              {ranked ? <span className="trend-stocks__rank">{index + 1}</span> : null}
              <span className="trend-stocks__name">
                <span className="trend-stocks__title">{stock.name}</span>
                <span className="trend-stocks__market">{getMarketLabel(stock.market)}</span>
                {surging?.has(stock.security_id) ? <DiscussionSurgeBadge /> : null}
              </span>
              <span className="trend-stocks__quote">
                <span className={`trend-stocks__price ${display.className}`}>{formatNumber(quote.price)}</span>
                <span className={`trend-stocks__rate ${display.className}`}>{formatSignedPercent(quote.change_rate)}</span>
              </span>
              {figure ? (
                <span className="trend-stocks__figure" aria-label={TREND_FIGURE_LABELS[figure]}>
                  {formatKoreanAmount(stock[figure])}
                </span>
              ) : null}
            </Link>
            {renderAction?.(stock)}
          </li>
        );
      })}
    </ol>
  );
}

/** The list's loading state: `rows` rows of the same height, so nothing moves when it arrives. */
export function TrendStockListPlaceholder({ rows }: { rows: number }) {
  return (
    <ol className="trend-stocks" aria-busy="true" aria-label="불러오는 중">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="trend-stocks__item trend-stocks__item--placeholder">
          <span className="trend-stocks__name">
            <span className="trend-stocks__title">…</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Keeps the room of `rows` rows whatever is inside (a shorter list, the empty message, an
 * error): a section of the home page does not shrink when its list arrives shorter than asked.
 */
export function TrendStockSlot({ rows, children }: { rows: number; children: ReactNode }) {
  return (
    <div className="trend-stocks-slot" style={{ '--rows': rows } as CSSProperties}>
      {children}
    </div>
  );
}
