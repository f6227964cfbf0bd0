// DELETE /api/v1/comments/{id} (own) → 204; the post's comments_count falls by one (spec §4).
// A comment with replies stays as 삭제된 댓글입니다 under them.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { socialApi } from '@/lib/api';
import { readAgain } from '@/lib/read-again';

import type { Commentable } from '../types';
import { commentsCountChanged } from '../utils/post-cache';

import { apiPath } from './path';
import { socialKeys } from './query-keys';

export function deleteComment(commentId: number): Promise<void> {
  return socialApi.request<void>(apiPath('/api/v1/comments/{id}', { id: commentId }), { method: 'DELETE' });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId }: { commentId: number; on: Commentable }) => deleteComment(commentId),
    onSuccess: async (_, { on }) => {
      await commentsCountChanged(queryClient, on, -1);
      await readAgain(queryClient, socialKeys.comments());
    },
  });
}
