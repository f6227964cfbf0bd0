import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { FeaturedQuoteList, type FeaturedStock } from '@/features/stocks/components/featured-quote-list';

const FEATURED_STOCKS: readonly FeaturedStock[] = [
  { securityId: 'KOREA-A005930', name: '삼성전자' },
  { securityId: 'KOREA-A000660', name: 'SK하이닉스' },
  { securityId: 'KOREA-A035420', name: 'NAVER' },
  { securityId: 'KOREA-A005380', name: '현대차' },
  { securityId: 'KOREA-A035720', name: '카카오' },
];

export default function HomeRoute() {
  return (
    <>
      <title>시세</title>
      <SampleDataNotice />
      <h1 className="page-section-title">주요 종목</h1>
      <FeaturedQuoteList stocks={FEATURED_STOCKS} />
    </>
  );
}
