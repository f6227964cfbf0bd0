// GET /api/v1/notices?limit=&cursor= (main host, everyone): the service's notices, newest first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { NOTICES_PAGE_SIZE, NOTICES_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { NoticePage } from '../types';

import { socialKeys } from './query-keys';

export function getNotices(
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<NoticePage> {
  return unwrap(mainApi.GET('/api/v1/notices', { params: { query: { limit, cursor: cursor ?? undefined } }, signal }));
}

export function getNoticesInfiniteQueryOptions(limit: number = NOTICES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: socialKeys.notices(limit),
    queryFn: ({ pageParam, signal }) => getNotices({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: NOTICES_STALE_TIME_MS,
  });
}

export function useNotices() {
  return useInfiniteQuery(getNoticesInfiniteQueryOptions());
}
