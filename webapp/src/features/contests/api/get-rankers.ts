// GET /api/v1/contests/{id}/rankers?limit=&offset= (main host, public): a contest's ranking,
// best return first.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { CONTEST_RANKERS_PAGE_SIZE, CONTEST_RANKING_REFRESH_MS, CONTEST_RANKING_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { RankerPage } from '../types';

import { contestKeys } from './query-keys';

export function getRankers(contestId: number, limit: number, signal?: AbortSignal): Promise<RankerPage> {
  return unwrap(
    mainApi.GET('/api/v1/contests/{id}/rankers', {
      params: { path: { id: contestId }, query: { limit, offset: 0 } },
      signal,
    }),
  );
}

/** The top of the ranking, refetched every few seconds so it moves live. */
export function getRankersQueryOptions(contestId: number, limit: number = CONTEST_RANKERS_PAGE_SIZE) {
  return queryOptions({
    queryKey: contestKeys.rankers(contestId, limit),
    queryFn: ({ signal }) => getRankers(contestId, limit, signal),
    staleTime: CONTEST_RANKING_STALE_TIME_MS,
    refetchInterval: CONTEST_RANKING_REFRESH_MS,
  });
}

export function useRankers(contestId: number) {
  return useQuery(getRankersQueryOptions(contestId));
}
