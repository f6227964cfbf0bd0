import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { MarketIndexList } from '@/features/assets/components/market-index-list';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { FeaturedQuoteList } from '@/features/securities/components/featured-quote-list';

/** The stocks the home page features; their names come from the assets API. */
export const FEATURED_SECURITY_IDS: readonly string[] = [
  'KOREA-A005930',
  'KOREA-A000660',
  'KOREA-A035420',
  'KOREA-A005380',
  'KOREA-A035720',
];

export default function HomeRoute() {
  const stocks = useStockNames(FEATURED_SECURITY_IDS);

  return (
    <>
      <title>시세</title>
      <SampleDataNotice />
      <MarketIndexList />
      <h1 className="page-section-title">주요 종목</h1>
      <FeaturedQuoteList stocks={stocks} />
    </>
  );
}
