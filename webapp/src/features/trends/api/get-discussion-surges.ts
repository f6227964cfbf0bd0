// GET /api/v1/trends/discussion_surges?limit=: 토론 급증, the stocks whose boards had several
// times their usual posts in the last hour, the largest surge first (often none).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { DiscussionSurges } from '../types';

import { trendKeys } from './query-keys';

/** One query for the badges of every list and the section: every surging stock (the API's most). */
export const DISCUSSION_SURGES_LIMIT = 20;

export function getDiscussionSurges(limit: number, signal?: AbortSignal): Promise<DiscussionSurges> {
  return unwrap(mainApi.GET('/api/v1/trends/discussion_surges', { params: { query: { limit } }, signal }));
}

export function getDiscussionSurgesQueryOptions(limit: number = DISCUSSION_SURGES_LIMIT) {
  return queryOptions({
    queryKey: trendKeys.discussionSurges({ limit }),
    queryFn: ({ signal }) => getDiscussionSurges(limit, signal),
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useDiscussionSurges() {
  return useQuery(getDiscussionSurgesQueryOptions());
}

/** The ids of the stocks that surge now (empty while unknown: no badge rather than a wrong one). */
export function useSurgingIds(): ReadonlySet<string> {
  const surges = useDiscussionSurges().data?.discussion_surges ?? [];
  return new Set(surges.map((surge) => surge.stock.security_id));
}
