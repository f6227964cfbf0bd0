// GET /api/v1/posts/{id}/comments and /api/v1/comments/{id}/comments ?limit=&cursor=: a post's
// top-level comments and a comment's replies, oldest first (one file: the same query, two paths).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { COMMENTS_PAGE_SIZE, COMMENTS_STALE_TIME_MS } from '@/config/constants';
import { socialApi, unwrap } from '@/lib/api';

import type { CommentPage } from '../types';

import { socialKeys } from './query-keys';

/** Whose comments: a post's or an insight article's (top level), or a comment's replies. */
export type CommentParent =
  | { kind: 'post'; id: number }
  | { kind: 'insight_article'; id: number }
  | { kind: 'comment'; id: number };

export function getComments(
  parent: CommentParent,
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<CommentPage> {
  const params = { path: { id: parent.id }, query: { limit, cursor: cursor ?? undefined } };
  if (parent.kind === 'insight_article') {
    return unwrap(socialApi.GET('/api/v1/insight_articles/{id}/comments', { params, signal }));
  }
  return unwrap(
    parent.kind === 'post'
      ? socialApi.GET('/api/v1/posts/{id}/comments', { params, signal })
      : socialApi.GET('/api/v1/comments/{id}/comments', { params, signal }),
  );
}

export function commentsKey(parent: CommentParent, limit: number = COMMENTS_PAGE_SIZE) {
  if (parent.kind === 'insight_article') return socialKeys.articleComments(parent.id, limit);
  return parent.kind === 'post' ? socialKeys.postComments(parent.id, limit) : socialKeys.replies(parent.id, limit);
}

export function getCommentsInfiniteQueryOptions(parent: CommentParent, limit: number = COMMENTS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: commentsKey(parent, limit),
    queryFn: ({ pageParam, signal }) => getComments(parent, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: COMMENTS_STALE_TIME_MS,
  });
}

export function useComments(parent: CommentParent, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getCommentsInfiniteQueryOptions(parent), enabled });
}
