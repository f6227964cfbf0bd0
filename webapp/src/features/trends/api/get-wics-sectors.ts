// GET /api/v1/trends/wics_sectors: every WICS industry group with listed components, largest
// market cap first (the heatmap: size market_cap, colour change_rate).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { WicsSectorList } from '../types';

import { trendKeys } from './query-keys';

export function getWicsSectors(signal?: AbortSignal): Promise<WicsSectorList> {
  return unwrap(mainApi.GET('/api/v1/trends/wics_sectors', { signal }));
}

export function getWicsSectorsQueryOptions() {
  return queryOptions({
    queryKey: trendKeys.sectorList(),
    queryFn: ({ signal }) => getWicsSectors(signal),
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useWicsSectors() {
  return useQuery(getWicsSectorsQueryOptions());
}
