import { Link } from 'react-router';

import { QuoteChange } from '@/components/ui/quote-change';
import { paths } from '@/config/paths';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { useQuotes } from '@/features/securities/api/get-quotes';
import type { Quote } from '@/features/securities/types';
import { getChangeDisplay } from '@/lib/change-display';
import { formatNumber } from '@/lib/format';

import { FavoriteHeart } from './favorite-heart';

import '@/features/securities/components/featured-quote-list.css';

export type StockRow = { securityId: string; name: string | null; quote: Quote | undefined };

/**
 * Names and quotes of a group's stocks (a group holds at most 100: one call each). The quotes
 * stay live through the page's one stream (useLiveQuotes over the rows on screen), which
 * writes into this query's cache.
 */
export function useStockRows(securityIds: readonly string[]): { rows: StockRow[]; quotesPending: boolean } {
  const names = useStockNames(securityIds);
  const quotesQuery = useQuotes(securityIds);
  const quotes = new Map(quotesQuery.data?.quotes.map((quote) => [quote.security_id, quote]));
  return {
    rows: names.map(({ securityId, name }) => ({ securityId, name, quote: quotes.get(securityId) })),
    quotesPending: quotesQuery.isPending && securityIds.length > 0,
  };
}

/**
 * Stocks with their live price and change, each linking to its stock page, with its heart
 * (filled: these are the member's favorites; a tap opens the picker to move or remove it).
 */
export function StockRows({ rows, quotesPending, label }: { rows: readonly StockRow[]; quotesPending: boolean; label: string }) {
  return (
    <ul className="quote-list" aria-label={label} aria-busy={quotesPending}>
      {rows.map(({ securityId, name, quote }) => (
        <li key={securityId} className="favorite-row">
          <Link className="quote-list__item favorite-row__link" to={paths.stock.getHref(securityId)}>
            <span className="quote-list__name">{name ?? <span className="quote-list__placeholder">…</span>}</span>
            {quote ? (
              <span className="quote-list__quote">
                <span className={`quote-list__price ${getChangeDisplay(quote.change_type).className}`}>
                  {formatNumber(quote.price)}
                </span>
                <QuoteChange quote={quote} className="quote-list__change" />
              </span>
            ) : (
              <span className="quote-list__quote quote-list__quote--empty">{quotesPending ? '…' : '-'}</span>
            )}
          </Link>
          <FavoriteHeart securityId={securityId} name={name ?? undefined} filled />
        </li>
      ))}
    </ul>
  );
}
