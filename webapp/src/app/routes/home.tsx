import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { useAssets } from '@/features/assets/api/get-assets';
import { MarketIndexList } from '@/features/assets/components/market-index-list';
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
  // One call for all names (GET /securities/{id} would count a page view per stock).
  const assetsQuery = useAssets(FEATURED_SECURITY_IDS);
  const assets = assetsQuery.data?.assets;
  const stocks = FEATURED_SECURITY_IDS.map((securityId) => ({
    securityId,
    // Without a name (the call failed), the KRX code stands in for it.
    name: assets?.[securityId]?.name ?? (assetsQuery.isPending ? null : securityId.replace(/^KOREA-A/, '')),
  }));

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
