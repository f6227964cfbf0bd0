// GET /api/v1/trends/top_sectors?limit=: the industry groups rising most, first.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { WicsSectorList } from '../types';

import { trendKeys } from './query-keys';

/** 상위 업종 on the home page and 국내. */
export const TOP_SECTORS_LIMIT = 5;

export function getTopSectors(limit: number, signal?: AbortSignal): Promise<WicsSectorList> {
  return unwrap(mainApi.GET('/api/v1/trends/top_sectors', { params: { query: { limit } }, signal }));
}

export function getTopSectorsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: trendKeys.topSectors({ limit }),
    queryFn: ({ signal }) => getTopSectors(limit, signal),
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useTopSectors(limit: number) {
  return useQuery(getTopSectorsQueryOptions(limit));
}
