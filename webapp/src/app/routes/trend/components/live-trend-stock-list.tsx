import { lazy, Suspense } from 'react';

import { MAX_STREAM_SECURITY_IDS } from '@/config/constants';
import { useQuotes } from '@/features/securities/api/get-quotes';
import { useLiveQuotes } from '@/features/securities/hooks/use-live-quotes';
import { useSurgingIds } from '@/features/trends/api/get-discussion-surges';
import { type TrendQuote, TrendStockList } from '@/features/trends/components/trend-stock-list';
import type { TrendStock } from '@/features/trends/types';
import { useHydrated } from '@/lib/use-hydrated';

// The hearts need the login and the favorites code: loaded after hydration, apart from the page.
const ListHeart = lazy(() => import('@/app/favorites/list-heart'));

type LiveTrendStockListProps = Omit<Parameters<typeof TrendStockList>[0], 'quotes' | 'renderAction'> & {
  /** Each row with its favorite heart (spec §4). */
  hearts?: boolean;
};

/**
 * A trend list whose prices move: the quotes of its rows (the first 50, what one stream
 * connection carries; a longer list's later rows keep the prices of its answer) are fetched
 * once and then kept live by the quote stream while the list is on screen. Stocks whose boards
 * surge carry the 토론 급증 badge (one query for every list of the page).
 */
export function LiveTrendStockList({ hearts = false, ...props }: LiveTrendStockListProps) {
  const quotes = useLiveTrendQuotes(props.stocks);
  const surging = useSurgingIds();
  const hydrated = useHydrated();
  const ids = props.stocks.map((stock) => stock.security_id);
  const renderAction =
    hearts && hydrated
      ? (stock: TrendStock) => (
          <Suspense fallback={null}>
            <ListHeart securityId={stock.security_id} name={stock.name} listIds={ids} />
          </Suspense>
        )
      : undefined;
  return <TrendStockList {...props} quotes={quotes} renderAction={renderAction} surging={surging} />;
}

function useLiveTrendQuotes(stocks: readonly TrendStock[]): ReadonlyMap<string, TrendQuote> {
  const ids = stocks.slice(0, MAX_STREAM_SECURITY_IDS).map((stock) => stock.security_id);
  const quotesQuery = useQuotes(ids);
  useLiveQuotes(ids, { enabled: quotesQuery.data !== undefined });
  return new Map(quotesQuery.data?.quotes.map((quote) => [quote.security_id, quote]));
}

/** `renderStocks` of the trend sections: the stocks as a live list. */
export function renderLiveStocks(options: Omit<LiveTrendStockListProps, 'stocks'> = {}) {
  function render(stocks: readonly TrendStock[]) {
    return <LiveTrendStockList stocks={stocks} {...options} />;
  }
  return render;
}
