import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { RecentStocksEmpty } from '@/features/history/components/recent-stocks-empty';
import { useRecentStockIds } from '@/features/history/hooks/use-recent-stocks';
import { FeaturedQuoteList } from '@/features/securities/components/featured-quote-list';

import './my.css';

/** How many of the recently viewed stocks MY shows; 전체보기 lists them all. */
const RECENT_PREVIEW_SIZE = 5;

/** /m/my: what the member keeps on this device and account, one section each. */
export default function MyRoute() {
  const ids = useRecentStockIds();
  // Names for the whole list: the same call (and cache) as 최근 본 종목's own screens.
  const stocks = useStockNames(ids);
  return (
    <>
      <title>MY : 시세</title>
      <SampleDataNotice />
      <h1 className="my-page__title">MY</h1>
      <Section title="최근 본 종목" more={{ to: paths.myHistory.getHref(), label: '전체보기' }} testId="my-recent">
        {stocks.length === 0 ? (
          <RecentStocksEmpty />
        ) : (
          <FeaturedQuoteList stocks={stocks.slice(0, RECENT_PREVIEW_SIZE)} />
        )}
      </Section>
      {/* Next sections, with the issues that build their screens (linked only once those exist,
          so MY never leads to the fallback page):
          - 관심종목: the favorite stock lists, /m/my/favorite_stock_lists (spec §2);
          - 설정: /m/settings, which asks to sign in first (spec §2, §6). */}
    </>
  );
}
