import { getChangeDisplay, type ChangeType } from '@/lib/change-display';
import { formatNumber, formatSignedPercent } from '@/lib/format';

import './quote-change.css';

type QuoteChangeProps = {
  quote: { change: number; change_rate: number; change_type: ChangeType };
  /** Also show the 상한가 / 하한가 badge for price-limit moves. */
  showBadge?: boolean;
  className?: string;
};

/** Direction arrow, absolute change and signed change rate, coloured by direction. */
export function QuoteChange({ quote, showBadge = false, className }: QuoteChangeProps) {
  const display = getChangeDisplay(quote.change_type);
  const classes = ['quote-change', display.className, className].filter(Boolean).join(' ');
  return (
    <span className={classes} data-change-type={quote.change_type} data-testid="quote-change">
      {showBadge && display.badge ? (
        <span className="quote-change__badge">
          <span aria-hidden="true">{display.arrow}</span> {display.badge}
        </span>
      ) : null}
      <span className="quote-change__amount">
        {display.arrow ? (
          <span className="quote-change__arrow" aria-label={display.label}>
            {display.arrow}
          </span>
        ) : null}
        {formatNumber(Math.abs(quote.change))}
      </span>
      <span className="quote-change__rate">{formatSignedPercent(quote.change_rate)}</span>
    </span>
  );
}
