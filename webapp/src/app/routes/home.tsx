import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { MarketIndexList } from '@/features/assets/components/market-index-list';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { RecentlyViewedStrip } from '@/features/history/components/recently-viewed-strip';
import { useRecentStockIds } from '@/features/history/hooks/use-recent-stocks';
import { useQuotes } from '@/features/securities/api/get-quotes';
import { FeaturedQuoteList } from '@/features/securities/components/featured-quote-list';
import { useLiveQuotes } from '@/features/securities/hooks/use-live-quotes';
import { useHydrated } from '@/lib/use-hydrated';

/** The stocks the home page features; their names come from the assets API. */
export const FEATURED_SECURITY_IDS: readonly string[] = [
  'KOREA-A005930',
  'KOREA-A000660',
  'KOREA-A035420',
  'KOREA-A005380',
  'KOREA-A035720',
];

/** How many recently viewed stocks the home page's strip shows; 전체보기 lists them all. */
const RECENT_STRIP_SIZE = 10;

export default function HomeRoute() {
  const stocks = useStockNames(FEATURED_SECURITY_IDS);
  const hydrated = useHydrated();

  return (
    <>
      <title>시세</title>
      <SampleDataNotice />
      <MarketIndexList />
      <h1 className="page-section-title">주요 종목</h1>
      <FeaturedQuoteList stocks={stocks} />
      {/* The list is this device's: the prerendered page has none, so it comes once hydrated,
          and last, so that its arrival moves nothing already on screen. */}
      {hydrated ? <RecentlyViewed /> : null}
    </>
  );
}

/** 최근 본 종목: the strip with names (assets) and live quotes (securities); nothing if the list is empty. */
function RecentlyViewed() {
  const ids = useRecentStockIds();
  // Names for the whole list: the same call (and cache) as the MY screens'.
  const named = useStockNames(ids).slice(0, RECENT_STRIP_SIZE);
  const shownIds = named.map((stock) => stock.securityId);
  const quotesQuery = useQuotes(shownIds);
  useLiveQuotes(shownIds, { enabled: quotesQuery.data !== undefined });

  if (named.length === 0) return null;
  const quotes = new Map(quotesQuery.data?.quotes.map((quote) => [quote.security_id, quote]));
  return <RecentlyViewedStrip stocks={named.map((stock) => ({ ...stock, quote: quotes.get(stock.securityId) }))} />;
}
