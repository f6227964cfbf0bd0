// GET /api/v1/securities/{security_id}: one security with its current quote.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { SECURITY_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { SecurityDetail } from '../types';

export function getSecurity(securityId: string, signal?: AbortSignal): Promise<SecurityDetail> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}', {
      params: { path: { security_id: securityId } },
      signal,
    }),
  );
}

export function getSecurityQueryOptions(securityId: string) {
  return queryOptions({
    queryKey: securityKeys.detail(securityId),
    queryFn: ({ signal }) => getSecurity(securityId, signal),
    staleTime: SECURITY_STALE_TIME_MS,
  });
}

export function useSecurity(securityId: string) {
  return useQuery(getSecurityQueryOptions(securityId));
}
