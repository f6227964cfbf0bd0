// GET /api/v1/securities/{security_id}/exchange_traded_values?limit=: NAV computed from
// the components against the ETF's close, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SECURITY_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { EtfValueList } from '../types';

export const ETF_VALUE_DAYS = 20;

export function getEtfValues(securityId: string, limit: number, signal?: AbortSignal): Promise<EtfValueList> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/exchange_traded_values', {
      params: { path: { security_id: securityId }, query: { limit } },
      signal,
    }),
  );
}

export function getEtfValuesQueryOptions(securityId: string, limit: number = ETF_VALUE_DAYS) {
  return queryOptions({
    queryKey: securityKeys.etfValues(securityId, { limit }),
    queryFn: ({ signal }) => getEtfValues(securityId, limit, signal),
    staleTime: SECURITY_STALE_TIME_MS,
  });
}

export function useEtfValues(securityId: string, limit: number = ETF_VALUE_DAYS) {
  return useQuery(getEtfValuesQueryOptions(securityId, limit));
}
