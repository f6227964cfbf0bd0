import { Link } from 'react-router';

import { QuoteChange } from '@/components/ui/quote-change';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { type ChangeType, getChangeDisplay } from '@/lib/change-display';
import { formatNumber } from '@/lib/format';

import type { RecentStock } from '../types';

import './recently-viewed-strip.css';

export type RecentlyViewedStripStock = RecentStock & {
  /** The live quote, absent while loading (or if it could not be loaded). */
  quote?: { price: number; change: number; change_rate: number; change_type: ChangeType };
};

type RecentlyViewedStripProps = {
  stocks: readonly RecentlyViewedStripStock[];
};

/**
 * 최근 본 종목 as a row of cards scrolled sideways, newest first, each with its price and
 * change and linking to its stock page; 전체보기 opens the whole list. The screen that shows
 * it brings the names and the live quotes (they belong to other features).
 */
export function RecentlyViewedStrip({ stocks }: RecentlyViewedStripProps) {
  return (
    <Section
      title="최근 본 종목"
      more={{ to: paths.myHistory.getHref(), label: '전체보기' }}
      testId="recently-viewed"
    >
      <ul className="recent-strip">
        {stocks.map(({ securityId, name, quote }) => (
          <li key={securityId}>
            <Link className="recent-strip__item" to={paths.stock.getHref(securityId)}>
              <span className="recent-strip__name">{name ?? '…'}</span>
              {quote ? (
                <span className="recent-strip__quote">
                  <span className={`recent-strip__price ${getChangeDisplay(quote.change_type).className}`}>
                    {formatNumber(quote.price)}
                  </span>
                  <QuoteChange quote={quote} className="recent-strip__change" />
                </span>
              ) : (
                <span className="recent-strip__quote recent-strip__quote--empty">…</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
