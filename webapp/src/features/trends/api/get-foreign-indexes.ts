// GET /api/v1/trends/foreign_indexes: the foreign indexes by group (주요, 아시아, 미국, 유럽).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { ForeignIndexes } from '../types';

import { trendKeys } from './query-keys';

export function getForeignIndexes(signal?: AbortSignal): Promise<ForeignIndexes> {
  return unwrap(mainApi.GET('/api/v1/trends/foreign_indexes', { signal }));
}

export function getForeignIndexesQueryOptions() {
  return queryOptions({
    queryKey: trendKeys.foreignIndexes(),
    queryFn: ({ signal }) => getForeignIndexes(signal),
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useForeignIndexes() {
  return useQuery(getForeignIndexesQueryOptions());
}
