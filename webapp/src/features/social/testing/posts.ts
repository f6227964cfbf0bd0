// Sample community objects for tests, shaped by the generated schema types, and a fake social
// API speaking the routes the screens call (docs/api.md, "Community").
import { vi } from 'vitest';

import type { Author, Comment, Post, Reactions } from '../types';

/** 2026-05-08 10:23 in Seoul. */
export const SAMPLE_POSTED_AT = Date.UTC(2026, 4, 8, 1, 23);

export function createAuthor(overrides: Partial<Author> = {}): Author {
  return { id: 7, name: '개미', avatar_url: null, seceded: false, sample: false, ...overrides };
}

export function createPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 1,
    security_id: 'KOREA-A005930',
    category: 'opinion',
    content: '반도체 업황 회복 기대됩니다',
    author: createAuthor(),
    images: [],
    likes_count: 0,
    dislikes_count: 0,
    comments_count: 0,
    my_emotion: { liked: false, disliked: false },
    is_mine: false,
    hidden: null,
    sample: false,
    created_at_ms: SAMPLE_POSTED_AT,
    ...overrides,
  };
}

export function createComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 100,
    commentable_type: 'post',
    commentable_id: 1,
    parent_id: null,
    content: '동의합니다',
    deleted: false,
    author: createAuthor({ id: 8, name: '개미2' }),
    is_my_comment: false,
    replies_count: 0,
    hidden: null,
    sample: false,
    created_at_ms: SAMPLE_POSTED_AT,
    ...overrides,
  };
}

type Answer = { status: number; body?: unknown };
type Handler = (request: Request, url: URL) => Answer | Promise<Answer>;

/**
 * Stubs `fetch` with handlers by "METHOD /path" (host prefix included, e.g.
 * `POST /social/api/v1/posts/1/like`); anything else answers 404. Returns the requests made.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const requests: { method: string; path: string; url: URL; body: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url, window.location.href);
    const key = `${request.method} ${url.pathname}`;
    const body = request.method === 'GET' || request.method === 'DELETE' ? null : await request.clone().text();
    requests.push({ method: request.method, path: url.pathname, url, body });
    const handler = handlers[key];
    const answer = handler ? await handler(request, url) : { status: 404, body: { error: 'not_found', message: '찾을 수 없습니다.' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** The server's side of reactions for one post (spec §4), for stubApi. */
export function reactionServer(initial: Reactions) {
  let state = initial;
  const apply = (request: 'like' | 'dislike' | 'unlike'): Reactions => {
    const liked = state.my_emotion.liked;
    const disliked = state.my_emotion.disliked;
    let likes = state.likes_count;
    let dislikes = state.dislikes_count;
    if (request === 'like' && !liked) {
      likes += 1;
      if (disliked) dislikes -= 1;
      state = { likes_count: likes, dislikes_count: dislikes, my_emotion: { liked: true, disliked: false } };
    } else if (request === 'dislike' && !disliked) {
      dislikes += 1;
      if (liked) likes -= 1;
      state = { likes_count: likes, dislikes_count: dislikes, my_emotion: { liked: false, disliked: true } };
    } else if (request === 'unlike') {
      state = {
        likes_count: likes - (liked ? 1 : 0),
        dislikes_count: dislikes - (disliked ? 1 : 0),
        my_emotion: { liked: false, disliked: false },
      };
    }
    return state;
  };
  return { apply, get state() { return state; } };
}
