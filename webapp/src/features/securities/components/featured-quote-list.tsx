import { Link } from 'react-router';

import { QuoteChange } from '@/components/ui/quote-change';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { getChangeDisplay } from '@/lib/change-display';
import { formatNumber } from '@/lib/format';

import { useQuotes } from '../api/get-quotes';
import { useLiveQuotes } from '../hooks/use-live-quotes';

import './featured-quote-list.css';

export type FeaturedStock = {
  securityId: string;
  /** null while the name is loading (or could not be loaded). */
  name: string | null;
};

type FeaturedQuoteListProps = {
  stocks: readonly FeaturedStock[];
  /**
   * Open the list's own quote stream (default). false when the page keeps these quotes live
   * with one stream for many lists (a browser holds about six connections per host).
   */
  live?: boolean;
};

/** A short list of stocks with their live prices, each linking to its stock page. */
export function FeaturedQuoteList({ stocks, live = true }: FeaturedQuoteListProps) {
  const securityIds = stocks.map((stock) => stock.securityId);
  const quotesQuery = useQuotes(securityIds);
  useLiveQuotes(securityIds, { enabled: live && quotesQuery.data !== undefined });

  if (quotesQuery.isError) {
    const message =
      quotesQuery.error instanceof ApiError ? quotesQuery.error.message : '시세를 불러오지 못했습니다.';
    return (
      <p className="quote-list__status" role="alert">
        {message}
      </p>
    );
  }

  const quotes = new Map(quotesQuery.data?.quotes.map((quote) => [quote.security_id, quote]));

  return (
    <ul className="quote-list" aria-busy={quotesQuery.isPending}>
      {stocks.map((stock) => {
        const quote = quotes.get(stock.securityId);
        return (
          <li key={stock.securityId}>
            <Link className="quote-list__item" to={paths.stock.getHref(stock.securityId)}>
              <span className="quote-list__name">{stock.name ?? <span className="quote-list__placeholder">…</span>}</span>
              {quote ? (
                <span className="quote-list__quote">
                  <span className={`quote-list__price ${getChangeDisplay(quote.change_type).className}`}>
                    {formatNumber(quote.price)}
                  </span>
                  <QuoteChange quote={quote} className="quote-list__change" />
                </span>
              ) : (
                <span className="quote-list__quote quote-list__quote--empty">
                  {quotesQuery.isPending ? '…' : '-'}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
