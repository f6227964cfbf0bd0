// POST /api/v1/posts/{id}/comments, /api/v1/insight_articles/{id}/comments and
// /api/v1/comments/{id}/comments {content} → 201 {comment}: a comment on a post or an insight
// article, or a reply (one level: a reply to a reply joins the same parent). Its
// comments_count grows by one (spec §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { socialApi } from '@/lib/api';
import { readAgain } from '@/lib/read-again';

import type { CommentBody, Commentable } from '../types';
import { commentsCountChanged } from '../utils/post-cache';

import { apiPath } from './path';
import { socialKeys } from './query-keys';

/** Where the comment goes: on the post or article, or under a comment of it. */
export type NewComment = { on: Commentable; parentId: number | null; content: string };

export function createComment({ on, parentId, content }: NewComment): Promise<CommentBody> {
  const path =
    parentId !== null
      ? apiPath('/api/v1/comments/{id}/comments', { id: parentId })
      : on.type === 'insight_article'
        ? apiPath('/api/v1/insight_articles/{id}/comments', { id: on.id })
        : apiPath('/api/v1/posts/{id}/comments', { id: on.id });
  return socialApi.request<CommentBody>(path, { method: 'POST', json: { content } });
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: async ({ comment }, { on }) => {
      await commentsCountChanged(queryClient, on, +1);
      // The lists it joins are asked again (oldest first: it is last, and a reply moves its
      // parent's count), and MY's 내 댓글, from now (a read in flight left before it was stored).
      await readAgain(queryClient, socialKeys.comments());
      return comment;
    },
  });
}
