// POST /api/v1/posts/{id}/like, /dislike, /unlike and the same of /api/v1/insight_articles/{id}
// (member) → {likes_count, dislikes_count, my_emotion}. The queue that sends them is
// hooks/use-reaction-queue.ts.
import { socialApi } from '@/lib/api';

import type { Commentable, Reactions } from '../types';
import type { ReactionRequest } from '../utils/reactions';

import { apiPath } from './path';

const PATHS = {
  like: '/api/v1/posts/{id}/like',
  dislike: '/api/v1/posts/{id}/dislike',
  unlike: '/api/v1/posts/{id}/unlike',
} as const;

const ARTICLE_PATHS = {
  like: '/api/v1/insight_articles/{id}/like',
  dislike: '/api/v1/insight_articles/{id}/dislike',
  unlike: '/api/v1/insight_articles/{id}/unlike',
} as const;

export function reactToPost(postId: number, request: ReactionRequest): Promise<Reactions> {
  return socialApi.request<Reactions>(apiPath(PATHS[request], { id: postId }), { method: 'POST' });
}

export function reactTo(on: Commentable, request: ReactionRequest): Promise<Reactions> {
  if (on.type === 'post') return reactToPost(on.id, request);
  return socialApi.request<Reactions>(apiPath(ARTICLE_PATHS[request], { id: on.id }), { method: 'POST' });
}
