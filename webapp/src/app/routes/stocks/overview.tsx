import { useParams } from 'react-router';

import { paths } from '@/config/paths';
import { LatestArticles } from '@/features/articles/components/latest-articles';
import { CompanySummary } from '@/features/company/components/company-summary';
import { ETF_TOP_COMPONENTS } from '@/features/etf/api/get-etf-components';
import { EtfComponents } from '@/features/etf/components/etf-components';
import { EtfFacts } from '@/features/etf/components/etf-facts';
import { SecurityInsightArticles } from '@/features/insight/components/security-insight-articles';
import { useSecurity } from '@/features/securities/api/get-security';
import { RelatedStocks } from '@/features/securities/components/related-stocks';
import { SecurityTopics } from '@/features/topics/components/security-topics';

import { KeyFigures } from './components/key-figures';
import { StockChart } from './components/stock-chart';

/**
 * 개요: chart, key figures, the latest news and disclosures, then the company summary and
 * related stocks, or for an ETF its facts and largest components; then its topics and the
 * insight articles about it (spec §7, each when there are any).
 */
export default function StockOverviewRoute() {
  const { securityId = '' } = useParams();
  const isEtf = useSecurity(securityId).data?.security.etf;
  return (
    <div data-testid="stock-overview">
      <StockChart securityId={securityId} />
      <KeyFigures securityId={securityId} />
      <LatestArticles securityId={securityId} moreHref={paths.stockArticles.getHref(securityId)} />
      {isEtf === true ? (
        <>
          <EtfFacts securityId={securityId} />
          <EtfComponents
            securityId={securityId}
            limit={ETF_TOP_COMPONENTS}
            more={{ to: paths.stockAnalysis.getHref(securityId), label: '전체 보기' }}
          />
        </>
      ) : null}
      {isEtf === true ? null : (
        // Shown (loading) until the security is known, as the prerendered page has them.
        <>
          <CompanySummary securityId={securityId} enabled={isEtf === false} />
          <RelatedStocks securityId={securityId} enabled={isEtf === false} />
        </>
      )}
      <SecurityTopics securityId={securityId} />
      <SecurityInsightArticles securityId={securityId} />
    </div>
  );
}
