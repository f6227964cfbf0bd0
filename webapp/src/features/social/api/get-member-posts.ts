// GET /api/v1/posts?scope=mine&limit=&cursor=: the member's posts on every board, newest first
// (MY 내가 쓴 글).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { POSTS_PAGE_SIZE, POSTS_STALE_TIME_MS } from '@/config/constants';
import { socialApi, unwrap } from '@/lib/api';

import type { MemberPostPage } from '../types';

import { socialKeys, type PostListFilters } from './query-keys';

export function getMemberPosts(
  { scope, sort, category, limit }: PostListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MemberPostPage> {
  return unwrap(
    socialApi.GET('/api/v1/posts', {
      params: {
        query: { scope, sort, category: category === '' ? undefined : category, limit, cursor: cursor ?? undefined },
      },
      signal,
    }),
  );
}

/** The member's own posts of every board, newest first, `limit` a page. */
export function getMyPostsInfiniteQueryOptions(limit: number = POSTS_PAGE_SIZE) {
  const filters: PostListFilters = { scope: 'mine', sort: 'RECENT', category: '', limit };
  return infiniteQueryOptions({
    queryKey: socialKeys.memberPosts(filters),
    queryFn: ({ pageParam, signal }) => getMemberPosts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: POSTS_STALE_TIME_MS,
  });
}

export function useMyPosts({ limit, enabled = true }: { limit?: number; enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getMyPostsInfiniteQueryOptions(limit), enabled });
}
