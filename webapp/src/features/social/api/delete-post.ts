// DELETE /api/v1/posts/{id} (own) → 204: the post leaves every list (spec §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { socialApi } from '@/lib/api';

import { removePost } from '../utils/post-cache';

import { apiPath } from './path';

export function deletePost(postId: number): Promise<void> {
  return socialApi.request<void>(apiPath('/api/v1/posts/{id}', { id: postId }), { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_, postId) => removePost(queryClient, postId),
  });
}
