// GET /api/v1/contests/{id} (main host, public; a member's answer has their entry): one contest.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { CONTEST_RANKING_REFRESH_MS, CONTEST_RANKING_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { ContestDetail } from '../types';

import { contestKeys } from './query-keys';

export function getContest(id: number, signal?: AbortSignal): Promise<ContestDetail> {
  return unwrap(mainApi.GET('/api/v1/contests/{id}', { params: { path: { id } }, signal }));
}

/** Refetched every few seconds: the member's return moves with the simulator's prices. */
export function getContestQueryOptions(id: number) {
  return queryOptions({
    queryKey: contestKeys.detail(id),
    queryFn: ({ signal }) => getContest(id, signal),
    staleTime: CONTEST_RANKING_STALE_TIME_MS,
    refetchInterval: CONTEST_RANKING_REFRESH_MS,
  });
}

export function useContest(id: number) {
  return useQuery(getContestQueryOptions(id));
}
