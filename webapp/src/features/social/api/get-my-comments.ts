// GET /api/v1/users/me/comments?limit=&cursor= (member): MY 내 댓글, newest first, each with
// its post (`post: {id, security_id, excerpt, deleted}`).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { COMMENTS_PAGE_SIZE, COMMENTS_STALE_TIME_MS } from '@/config/constants';
import { socialApi, unwrap } from '@/lib/api';

import type { MyCommentPage } from '../types';

import { socialKeys } from './query-keys';

export function getMyComments(
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<MyCommentPage> {
  return unwrap(
    socialApi.GET('/api/v1/users/me/comments', { params: { query: { limit, cursor: cursor ?? undefined } }, signal }),
  );
}

export function getMyCommentsInfiniteQueryOptions(limit: number = COMMENTS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: socialKeys.myComments(limit),
    queryFn: ({ pageParam, signal }) => getMyComments({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: COMMENTS_STALE_TIME_MS,
  });
}

export function useMyComments({ limit, enabled = true }: { limit?: number; enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getMyCommentsInfiniteQueryOptions(limit), enabled });
}
