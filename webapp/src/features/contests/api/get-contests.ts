// GET /api/v1/contests (main host, public): the contests, newest start first.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { CONTESTS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { ContestList } from '../types';

import { contestKeys } from './query-keys';

export function getContests(signal?: AbortSignal): Promise<ContestList> {
  return unwrap(mainApi.GET('/api/v1/contests', { signal }));
}

export function getContestsQueryOptions() {
  return queryOptions({
    queryKey: contestKeys.list(),
    queryFn: ({ signal }) => getContests(signal),
    staleTime: CONTESTS_STALE_TIME_MS,
  });
}

export function useContests() {
  return useQuery(getContestsQueryOptions());
}
