// GET /api/v1/securities/{security_id}/exchange_traded_analysis: an ETF's published facts
// (with the ones lacking a source named) and its computed tracking error.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SECURITY_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { EtfAnalysisDetail } from '../types';

export function getEtfAnalysis(securityId: string, signal?: AbortSignal): Promise<EtfAnalysisDetail> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/exchange_traded_analysis', {
      params: { path: { security_id: securityId } },
      signal,
    }),
  );
}

export function getEtfAnalysisQueryOptions(securityId: string) {
  return queryOptions({
    queryKey: securityKeys.etfAnalysis(securityId),
    queryFn: ({ signal }) => getEtfAnalysis(securityId, signal),
    staleTime: SECURITY_STALE_TIME_MS,
  });
}

export function useEtfAnalysis(securityId: string) {
  return useQuery(getEtfAnalysisQueryOptions(securityId));
}
