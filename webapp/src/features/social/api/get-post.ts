// GET /api/v1/posts/{id}?scope=all|mine: one post with the newer and older posts of its board in
// the list it was opened from (prev/next).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { POSTS_STALE_TIME_MS } from '@/config/constants';
import { socialApi, unwrap } from '@/lib/api';

import type { PostDetail, PostScope } from '../types';

import { socialKeys } from './query-keys';

export function getPost(postId: number, scope: PostScope, signal?: AbortSignal): Promise<PostDetail> {
  return unwrap(socialApi.GET('/api/v1/posts/{id}', { params: { path: { id: postId }, query: { scope } }, signal }));
}

export function getPostQueryOptions(postId: number, scope: PostScope = 'all') {
  return queryOptions({
    queryKey: socialKeys.postDetail(postId, scope),
    queryFn: ({ signal }) => getPost(postId, scope, signal),
    staleTime: POSTS_STALE_TIME_MS,
  });
}

export function usePost(postId: number, scope: PostScope = 'all') {
  return useQuery(getPostQueryOptions(postId, scope));
}
