import { useParams } from 'react-router';

import { paths } from '@/config/paths';
import { LatestArticles } from '@/features/articles/components/latest-articles';
import { CompanySummary } from '@/features/company/components/company-summary';
import { SecurityInsightArticles } from '@/features/insight/components/security-insight-articles';
import { RelatedStocks } from '@/features/securities/components/related-stocks';
import { SecurityTopics } from '@/features/topics/components/security-topics';

import { KeyFigures } from './components/key-figures';
import { StockChart } from './components/stock-chart';

/**
 * 개요: chart, key figures, company summary, related stocks, the latest news and disclosures, its
 * topics and the insight articles about the stock (spec §7, each when there are any).
 */
export default function StockOverviewRoute() {
  const { securityId = '' } = useParams();
  return (
    <div data-testid="stock-overview">
      <StockChart securityId={securityId} />
      <KeyFigures securityId={securityId} />
      <LatestArticles securityId={securityId} moreHref={paths.stockArticles.getHref(securityId)} />
      <CompanySummary securityId={securityId} />
      <RelatedStocks securityId={securityId} />
      <SecurityTopics securityId={securityId} />
      <SecurityInsightArticles securityId={securityId} />
    </div>
  );
}
