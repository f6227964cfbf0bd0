// GET /api/v1/posts/{id}/liked_users?limit=&cursor=: who liked a post, the latest like first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { LIKED_USERS_PAGE_SIZE, LIKED_USERS_STALE_TIME_MS } from '@/config/constants';
import { socialApi, unwrap } from '@/lib/api';

import type { LikedUserPage } from '../types';

import { socialKeys } from './query-keys';

export function getLikedUsers(
  postId: number,
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<LikedUserPage> {
  return unwrap(
    socialApi.GET('/api/v1/posts/{id}/liked_users', {
      params: { path: { id: postId }, query: { limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getLikedUsersInfiniteQueryOptions(postId: number, limit: number = LIKED_USERS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: socialKeys.likedUsers(postId, limit),
    queryFn: ({ pageParam, signal }) => getLikedUsers(postId, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: LIKED_USERS_STALE_TIME_MS,
  });
}

export function useLikedUsers(postId: number) {
  return useInfiniteQuery(getLikedUsersInfiniteQueryOptions(postId));
}
