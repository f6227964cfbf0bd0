import { QuoteChange } from '@/components/ui/quote-change';
import { getChangeDisplay } from '@/lib/change-display';
import { formatNumber, formatTime } from '@/lib/format';
import { getMarketLabel } from '@/lib/market-label';

import type { Quote, Security } from '../types';
import { getSessionLabel } from '../utils/quote-display';

import './price-header.css';

type PriceHeaderProps = {
  security: Pick<Security, 'name' | 'code' | 'market'>;
  quote: Quote;
};

/** Header of the stock page: who the stock is and where its price stands. */
export function PriceHeader({ security, quote }: PriceHeaderProps) {
  const display = getChangeDisplay(quote.change_type);
  return (
    <section className="price-header" aria-label={`${security.name} 시세`}>
      <div className="price-header__identity">
        <h1 className="price-header__name">{security.name}</h1>
        <span className="price-header__code" data-testid="security-code">
          {security.code}
        </span>
        <span className="price-header__market">{getMarketLabel(security.market)}</span>
      </div>
      <p className={`price-header__price ${display.className}`} data-testid="quote-price">
        {formatNumber(quote.price)}
      </p>
      <QuoteChange quote={quote} showBadge className="price-header__change" />
      <p className="price-header__session" data-testid="quote-session">
        <span>{getSessionLabel(quote.session)}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={new Date(quote.traded_at).toISOString()}>{formatTime(quote.traded_at)}</time>
        <span> 기준</span>
      </p>
    </section>
  );
}
