import { useParams, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { FinancialStatements } from '@/features/company/components/financial-statements';
import { STATEMENT_TERM_PARAM, parseStatementTerm } from '@/features/company/utils/statement-term';

/** 분석: financial statements, quarterly (default) or yearly (`?term=yearly`). */
export default function StockAnalysisRoute() {
  const { securityId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const term = parseStatementTerm(searchParams.get(STATEMENT_TERM_PARAM));
  return (
    <FinancialStatements
      key={securityId}
      securityId={securityId}
      term={term}
      basePath={paths.stockAnalysis.getHref(securityId)}
    />
  );
}
