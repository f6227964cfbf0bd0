// POST /api/v1/securities/{security_id}/posts: a new post, JSON without pictures or
// multipart/form-data with up to 4 `images` → 201 {post}. Refusals carry the server's Korean
// message (429 daily_post_limit, 409 duplicate_content, 413 image_too_large, …).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { socialApi } from '@/lib/api';

import type { PostBody, PostCategory } from '../types';
import { insertPost } from '../utils/post-cache';

import { apiPath } from './path';

export type NewPost = { securityId: string; category: PostCategory; content: string; images: readonly File[] };

export function createPost({ securityId, category, content, images }: NewPost): Promise<PostBody> {
  const path = apiPath('/api/v1/securities/{security_id}/posts', { security_id: securityId });
  if (images.length === 0) return socialApi.request<PostBody>(path, { method: 'POST', json: { content, category } });
  const form = new FormData();
  form.append('content', content);
  form.append('category', category);
  for (const image of images) form.append('images', image);
  return socialApi.request<PostBody>(path, { method: 'POST', form });
}

/** Writes the post; on success it joins the front of its board's lists (spec §4). */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: ({ post }) => insertPost(queryClient, post),
  });
}
