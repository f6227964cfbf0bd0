import { useParams, useSearchParams } from 'react-router';

import { Loading } from '@/components/ui/loading';
import { paths } from '@/config/paths';
import { FinancialStatements } from '@/features/company/components/financial-statements';
import { STATEMENT_TERM_PARAM, parseStatementTerm } from '@/features/company/utils/statement-term';
import { ETF_ALL_COMPONENTS } from '@/features/etf/api/get-etf-components';
import { EtfComponents } from '@/features/etf/components/etf-components';
import { EtfFacts } from '@/features/etf/components/etf-facts';
import { EtfValues } from '@/features/etf/components/etf-values';
import { useSecurity } from '@/features/securities/api/get-security';

/**
 * 분석: financial statements, quarterly (default) or yearly (`?term=yearly`); for an ETF,
 * its facts, its whole basket and its NAV against price.
 */
export default function StockAnalysisRoute() {
  const { securityId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const securityQuery = useSecurity(securityId);
  const term = parseStatementTerm(searchParams.get(STATEMENT_TERM_PARAM));
  if (securityQuery.data?.security.etf) {
    return (
      <div key={securityId} data-testid="etf-analysis">
        <EtfFacts securityId={securityId} />
        <EtfValues securityId={securityId} />
        <EtfComponents securityId={securityId} limit={ETF_ALL_COMPONENTS} />
      </div>
    );
  }
  if (!securityQuery.data && !securityQuery.isError) {
    return <Loading />;
  }
  return (
    <FinancialStatements
      key={securityId}
      securityId={securityId}
      term={term}
      basePath={paths.stockAnalysis.getHref(securityId)}
    />
  );
}
