import { paths } from '@/config/paths';
import { MarketIndexList } from '@/features/assets/components/market-index-list';
import { TREND_PREVIEW_SIZE } from '@/features/trends/api/get-ordered-stocks';
import { POPULAR_STOCKS_LIMIT } from '@/features/trends/api/get-popular-stocks';
import { TOP_SECTORS_LIMIT } from '@/features/trends/api/get-top-sectors';
import { DiscussionSurges } from '@/features/trends/components/discussion-surges';
import { PopularStocks } from '@/features/trends/components/popular-stocks';
import { RankedStocksPreview } from '@/features/trends/components/ranked-stocks';
import { SpecialStockCounts } from '@/features/trends/components/special-stock-counts';
import { TopSectors } from '@/features/trends/components/top-sectors';

import { renderLiveStocks } from './components/live-trend-stock-list';

const INDEX_IDS = ['INDEX-KOSPI', 'INDEX-KOSDAQ'] as const;
const INDEX_PAGES: Record<string, string> = {
  'INDEX-KOSPI': paths.trendKospi.getHref(),
  'INDEX-KOSDAQ': paths.trendKosdaq.getHref(),
};

/**
 * /m/trend/domestic (국내): KOSPI and KOSDAQ live, the special-stock counts of both markets,
 * 상위 업종, 인기 종목, 토론 급증 when a board surges, and the first five of 거래대금 상위 and 시가총액
 * 상위.
 */
export default function DomesticTrendRoute() {
  return (
    <div data-testid="trend-domestic">
      <title>국내 트렌드 : 시세</title>
      <MarketIndexList ids={INDEX_IDS} hrefs={INDEX_PAGES} title="국내 지수" />
      <SpecialStockCounts />
      <TopSectors limit={TOP_SECTORS_LIMIT} />
      <PopularStocks limit={POPULAR_STOCKS_LIMIT} renderStocks={renderLiveStocks({ hearts: true, label: '인기 종목', ranked: true })} />
      {/* Only when a board surges. */}
      <DiscussionSurges />
      <RankedStocksPreview
        trendKey="collection_a"
        title="거래대금 상위"
        limit={TREND_PREVIEW_SIZE}
        moreHref={paths.trendCollectionA.getHref()}
        renderStocks={renderLiveStocks({ hearts: true, ranked: true, figure: 'trading_value', label: '거래대금 상위' })}
        testId="collection-a-preview"
      />
      <RankedStocksPreview
        trendKey="collection_b"
        title="시가총액 상위"
        limit={TREND_PREVIEW_SIZE}
        moreHref={paths.trendCollectionB.getHref()}
        renderStocks={renderLiveStocks({ hearts: true, ranked: true, figure: 'market_cap', label: '시가총액 상위' })}
        testId="collection-b-preview"
      />
    </div>
  );
}
