// GET /api/v1/trends/special_stocks/counts: how many stocks each special category holds, in
// both markets (국내 and the home page).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { SpecialCountsAnswer } from '../types';

import { trendKeys } from './query-keys';

export function getSpecialStockCounts(signal?: AbortSignal): Promise<SpecialCountsAnswer> {
  return unwrap(mainApi.GET('/api/v1/trends/special_stocks/counts', { signal }));
}

export function getSpecialStockCountsQueryOptions() {
  return queryOptions({
    queryKey: trendKeys.specialCounts(),
    queryFn: ({ signal }) => getSpecialStockCounts(signal),
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useSpecialStockCounts() {
  return useQuery(getSpecialStockCountsQueryOptions());
}
