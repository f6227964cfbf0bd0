// POST /api/v1/posts/{id}/like, /dislike, /unlike (member) → {likes_count, dislikes_count,
// my_emotion}. The queue that sends them is hooks/use-reaction-queue.ts.
import { socialApi } from '@/lib/api';

import type { Reactions } from '../types';
import type { ReactionRequest } from '../utils/reactions';

import { apiPath } from './path';

const PATHS = {
  like: '/api/v1/posts/{id}/like',
  dislike: '/api/v1/posts/{id}/dislike',
  unlike: '/api/v1/posts/{id}/unlike',
} as const;

export function reactToPost(postId: number, request: ReactionRequest): Promise<Reactions> {
  return socialApi.request<Reactions>(apiPath(PATHS[request], { id: postId }), { method: 'POST' });
}
