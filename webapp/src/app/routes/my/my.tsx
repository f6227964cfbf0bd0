import { Link } from 'react-router';

import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { favoritePaths } from '@/config/favorite-paths';
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
      <div className="my-page__header">
        <h1 className="my-page__title">MY</h1>
        {/* Members only: a visitor is sent to the login first (spec §2). */}
        <Link className="my-page__action" to={paths.settings.getHref()}>
          설정
        </Link>
      </div>
      <Section title="최근 본 종목" more={{ to: paths.myHistory.getHref(), label: '전체보기' }} testId="my-recent">
        {stocks.length === 0 ? (
          <RecentStocksEmpty />
        ) : (
          <FeaturedQuoteList stocks={stocks.slice(0, RECENT_PREVIEW_SIZE)} />
        )}
      </Section>
      {/* 관심종목: members only; a visitor signs in on the way (spec §2). */}
      <Section title="관심종목" more={{ to: favoritePaths.lists.getHref(), label: '전체보기' }} testId="my-favorites">
        <Link className="my-page__row" to={favoritePaths.lists.getHref()}>
          관심그룹과 종목 보기
        </Link>
      </Section>
    </>
  );
}
