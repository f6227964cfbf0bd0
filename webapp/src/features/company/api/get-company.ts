// GET /api/v1/securities/{security_id}/company: the company summary (KIND listing data).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SECURITY_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { CompanyDetail } from '../types';

export function getCompany(securityId: string, signal?: AbortSignal): Promise<CompanyDetail> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/company', {
      params: { path: { security_id: securityId } },
      signal,
    }),
  );
}

export function getCompanyQueryOptions(securityId: string) {
  return queryOptions({
    queryKey: securityKeys.company(securityId),
    queryFn: ({ signal }) => getCompany(securityId, signal),
    staleTime: SECURITY_STALE_TIME_MS,
  });
}

/** `enabled` false waits (an ETF has no company: the page asks only once it knows). */
export function useCompany(securityId: string, enabled = true) {
  return useQuery({ ...getCompanyQueryOptions(securityId), enabled });
}
