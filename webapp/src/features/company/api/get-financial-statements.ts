// GET /api/v1/securities/{security_id}/financial_statements/quarterly and
// /yearly: 8 quarters or 5 years of statements, newest first (generated sample data).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { FINANCIAL_STATEMENTS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { StatementList, StatementTerm } from '../types';

export function getFinancialStatements(
  securityId: string,
  term: StatementTerm,
  signal?: AbortSignal,
): Promise<StatementList> {
  const params = { path: { security_id: securityId } };
  return unwrap(
    term === 'yearly'
      ? mainApi.GET('/api/v1/securities/{security_id}/financial_statements/yearly', { params, signal })
      : mainApi.GET('/api/v1/securities/{security_id}/financial_statements/quarterly', { params, signal }),
  );
}

export function getFinancialStatementsQueryOptions(securityId: string, term: StatementTerm) {
  return queryOptions({
    queryKey: securityKeys.financialStatements(securityId, term),
    queryFn: ({ signal }) => getFinancialStatements(securityId, term, signal),
    staleTime: FINANCIAL_STATEMENTS_STALE_TIME_MS,
  });
}

export function useFinancialStatements(securityId: string, term: StatementTerm) {
  return useQuery(getFinancialStatementsQueryOptions(securityId, term));
}
