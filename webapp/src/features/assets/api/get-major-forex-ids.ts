// GET /mweb/api/v1/forexes/major_ids: the major FX asset ids (USD, EUR, JPY, CNY).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { MAJOR_FOREX_IDS_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { MajorForexIds } from '../types';

import { forexKeys } from './query-keys';

export function getMajorForexIds(signal?: AbortSignal): Promise<MajorForexIds> {
  return unwrap(mobileWebApi.GET('/api/v1/forexes/major_ids', { signal }));
}

export function getMajorForexIdsQueryOptions() {
  return queryOptions({
    queryKey: forexKeys.majorIds(),
    queryFn: ({ signal }) => getMajorForexIds(signal),
    staleTime: MAJOR_FOREX_IDS_STALE_TIME_MS,
  });
}

export function useMajorForexIds() {
  return useQuery(getMajorForexIdsQueryOptions());
}
