// GET /api/v1/rankers/{id} (main host, public): one ranker's picks, return and daily history.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { CONTEST_RANKING_REFRESH_MS, CONTEST_RANKING_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { RankerDetail } from '../types';

import { contestKeys } from './query-keys';

export function getRanker(id: number, signal?: AbortSignal): Promise<RankerDetail> {
  return unwrap(mainApi.GET('/api/v1/rankers/{id}', { params: { path: { id } }, signal }));
}

export function getRankerQueryOptions(id: number) {
  return queryOptions({
    queryKey: contestKeys.ranker(id),
    queryFn: ({ signal }) => getRanker(id, signal),
    staleTime: CONTEST_RANKING_STALE_TIME_MS,
    refetchInterval: CONTEST_RANKING_REFRESH_MS,
  });
}

export function useRanker(id: number) {
  return useQuery(getRankerQueryOptions(id));
}
