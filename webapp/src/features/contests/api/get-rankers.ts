// GET /api/v1/contests/{id}/rankers?limit=&offset= (main host, public): a contest's ranking,
// best return first, a page at a time (더보기).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { CONTEST_RANKERS_PAGE_SIZE, CONTEST_RANKING_REFRESH_MS, CONTEST_RANKING_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { RankerPage } from '../types';

import { contestKeys } from './query-keys';

export function getRankers(contestId: number, limit: number, offset: number, signal?: AbortSignal): Promise<RankerPage> {
  return unwrap(
    mainApi.GET('/api/v1/contests/{id}/rankers', {
      params: { path: { id: contestId }, query: { limit, offset } },
      signal,
    }),
  );
}

/** The offset of the page after `pages`, or none once the ranking's `total` is reached. */
export function nextRankersOffset(pages: readonly RankerPage[]): number | undefined {
  const shown = pages.reduce((sum, page) => sum + page.rankers.length, 0);
  const last = pages.at(-1);
  if (last === undefined || last.rankers.length === 0 || shown >= last.total) return undefined;
  return shown;
}

/**
 * The ranking by pages of `limit` (the server's largest), every loaded page refetched every
 * few seconds so it moves live.
 */
export function getRankersQueryOptions(contestId: number, limit: number = CONTEST_RANKERS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: contestKeys.rankers(contestId, limit),
    queryFn: ({ pageParam, signal }) => getRankers(contestId, limit, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextRankersOffset(pages),
    staleTime: CONTEST_RANKING_STALE_TIME_MS,
    refetchInterval: CONTEST_RANKING_REFRESH_MS,
  });
}

export function useRankers(contestId: number) {
  return useInfiniteQuery(getRankersQueryOptions(contestId));
}
