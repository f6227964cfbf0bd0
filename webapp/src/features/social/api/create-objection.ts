// POST /api/v1/posts/{id}/objection and /api/v1/comments/{id}/objection {text} (the author,
// once per hiding) → {hidden}: the objection reopens the case in the operators' queue.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { socialApi } from '@/lib/api';
import { readAgain } from '@/lib/read-again';

import type { HiddenBody } from '../types';
import { updatePost } from '../utils/post-cache';

import { apiPath } from './path';
import { socialKeys } from './query-keys';

export type NewObjection = { type: 'post' | 'comment'; id: number; text: string };

export function createObjection({ type, id, text }: NewObjection): Promise<HiddenBody> {
  const path =
    type === 'post'
      ? apiPath('/api/v1/posts/{id}/objection', { id })
      : apiPath('/api/v1/comments/{id}/objection', { id });
  return socialApi.request<HiddenBody>(path, { method: 'POST', json: { text } });
}

export function useCreateObjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createObjection,
    onSuccess: async ({ hidden }, { type, id }) => {
      if (type === 'post') updatePost(queryClient, id, (post) => ({ ...post, hidden }));
      else await readAgain(queryClient, socialKeys.comments());
    },
  });
}
