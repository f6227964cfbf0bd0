// GET /api/v1/securities/{security_id}/posts?scope=&sort=&category=&limit=&cursor=: a board's
// posts (scope all) or the member's own on it (scope mine), newest or highest ranked first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { POSTS_PAGE_SIZE, POSTS_STALE_TIME_MS } from '@/config/constants';
import { socialApi, unwrap } from '@/lib/api';

import type { PostPage } from '../types';

import { socialKeys, type PostListFilters } from './query-keys';

export function getBoardPosts(
  securityId: string,
  { scope, sort, category, limit }: PostListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  return unwrap(
    socialApi.GET('/api/v1/securities/{security_id}/posts', {
      params: {
        path: { security_id: securityId },
        query: { scope, sort, category: category === '' ? undefined : category, limit, cursor: cursor ?? undefined },
      },
      signal,
    }),
  );
}

export function getBoardPostsInfiniteQueryOptions(
  securityId: string,
  filters: Omit<PostListFilters, 'limit'> & { limit?: number },
) {
  const full: PostListFilters = { limit: POSTS_PAGE_SIZE, ...filters };
  return infiniteQueryOptions({
    queryKey: socialKeys.boardPosts(securityId, full),
    queryFn: ({ pageParam, signal }) => getBoardPosts(securityId, full, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: POSTS_STALE_TIME_MS,
  });
}

export function useBoardPosts(
  securityId: string,
  filters: Omit<PostListFilters, 'limit'>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({ ...getBoardPostsInfiniteQueryOptions(securityId, filters), enabled });
}
