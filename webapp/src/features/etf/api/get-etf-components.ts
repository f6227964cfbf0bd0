// GET /api/v1/securities/{security_id}/exchange_traded_assets?limit=: an ETF's basket,
// largest weight first (computed by Sise from the real market caps).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SECURITY_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { EtfComponentList } from '../types';

/** Components on the overview; the 분석 tab asks for the whole basket (the API's most). */
export const ETF_TOP_COMPONENTS = 5;
export const ETF_ALL_COMPONENTS = 200;

export function getEtfComponents(securityId: string, limit: number, signal?: AbortSignal): Promise<EtfComponentList> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/exchange_traded_assets', {
      params: { path: { security_id: securityId }, query: { limit } },
      signal,
    }),
  );
}

export function getEtfComponentsQueryOptions(securityId: string, limit: number) {
  return queryOptions({
    queryKey: securityKeys.etfComponents(securityId, { limit }),
    queryFn: ({ signal }) => getEtfComponents(securityId, limit, signal),
    staleTime: SECURITY_STALE_TIME_MS,
  });
}

export function useEtfComponents(securityId: string, limit: number) {
  return useQuery(getEtfComponentsQueryOptions(securityId, limit));
}
