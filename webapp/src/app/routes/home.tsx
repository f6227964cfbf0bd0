import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { insightPaths } from '@/config/insight-paths';
import { MarketArticles } from '@/features/articles/components/market-articles';
import { MarketIndexList } from '@/features/assets/components/market-index-list';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { FeaturedInsightPreview } from '@/features/insight/components/insight-articles-section';
import { RecentlyViewedStrip } from '@/features/history/components/recently-viewed-strip';
import { useRecentStockIds } from '@/features/history/hooks/use-recent-stocks';
import { useQuotes } from '@/features/securities/api/get-quotes';
import { useLiveQuotes } from '@/features/securities/hooks/use-live-quotes';
import { useOrderedStocksPreview } from '@/features/trends/api/get-ordered-stocks';
import { POPULAR_STOCKS_LIMIT } from '@/features/trends/api/get-popular-stocks';
import { TOP_SECTORS_LIMIT } from '@/features/trends/api/get-top-sectors';
import { DiscussionSurges } from '@/features/trends/components/discussion-surges';
import { PopularStocks } from '@/features/trends/components/popular-stocks';
import { SpecialStockCounts } from '@/features/trends/components/special-stock-counts';
import { TopSectors } from '@/features/trends/components/top-sectors';
import { useHydrated } from '@/lib/use-hydrated';

import { renderLiveStocks } from './trend/components/live-trend-stock-list';
import { TREND_TABS } from './trend/trend-tabs';

import './home.css';

// The operators' promotion (spec §2 driverEvent): once hydrated, in a chunk of its own.
const PromotionOnHome = lazy(() => import('@/features/site/components/promotion-on-home'));

/** The latest news and disclosures: this many each, about this many of the largest stocks. */
const ARTICLES_LIMIT = 3;
const ARTICLES_SECURITIES = 20;

/** How many recently viewed stocks the home page's strip shows; 전체보기 lists them all. */
const RECENT_STRIP_SIZE = 10;

/**
 * /m: everything from live data: 주요 지수, 인기 종목, 특징주 counts, 상위 업종, the trend
 * pages, the latest news and disclosures of the largest stocks, the featured insight articles,
 * 토론 급증 when a board surges
 * and, once hydrated, 최근 본 종목.
 * Prerendered with every data part in its loading state, each as tall as what replaces it.
 */
export default function HomeRoute() {
  const hydrated = useHydrated();

  return (
    <>
      <title>시세</title>
      <h1 className="visually-hidden">시세 홈</h1>
      <SampleDataNotice />
      <MarketIndexList />
      <PopularStocks limit={POPULAR_STOCKS_LIMIT} renderStocks={renderLiveStocks({ label: '인기 종목', ranked: true })} />
      <SpecialStockCounts />
      <TopSectors limit={TOP_SECTORS_LIMIT} />
      <TrendLinks />
      <LatestArticles />
      {/* Only when a board surges; late on the page, so its arrival moves nothing above it. */}
      <DiscussionSurges />
      {/* Only once the featured insight articles are known; after the surges for the same reason. */}
      <FeaturedInsightPreview moreHref={insightPaths.index.getHref()} />
      {/* The list is this device's: the prerendered page has none, so it comes once hydrated,
          and last, so that its arrival moves nothing already on screen. */}
      {hydrated ? <RecentlyViewed /> : null}
      {hydrated ? (
        <Suspense fallback={null}>
          <PromotionOnHome />
        </Suspense>
      ) : null}
    </>
  );
}

/** 트렌드: a link to every trend page. */
function TrendLinks() {
  return (
    <Section title="트렌드" testId="trend-links">
      <ul className="trend-links">
        {TREND_TABS.map((tab) => (
          <li key={tab.to}>
            <Link className="trend-links__item" to={tab.to}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * 최신 뉴스 and 최신 공시 about the largest stocks (by market cap, both markets); when those
 * cannot be read, both say so with a retry (rather than loading for ever).
 */
function LatestArticles() {
  const largest = useOrderedStocksPreview('market_cap', '', ARTICLES_SECURITIES);
  const ids = largest.data?.stocks.map((stock) => stock.security_id);
  const failure =
    largest.isError && !largest.data ? { error: largest.error, retry: () => void largest.refetch() } : null;
  return <MarketArticles securityIds={ids} limit={ARTICLES_LIMIT} securitiesFailure={failure} />;
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
