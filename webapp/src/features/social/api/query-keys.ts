// Query keys of the community, all under ['social']: every answer depends on who asks
// (`my_emotion`, `is_mine`, the author's own hidden posts), and one post shows in several
// lists at once (its board by each sort and category, 내 글, MY, its own page), so a change
// (a reaction, a comment, a new or deleted post) is written through one root
// (utils/post-cache.ts). Not under lib/query-keys' securityKeys for that reason.
import type { CategoryFilter, PostScope, PostSort } from '../types';

export type PostListFilters = { scope: PostScope; sort: PostSort; category: CategoryFilter; limit: number };

export const socialKeys = {
  all: ['social'] as const,
  /** Every post query: lists and single posts. */
  posts: () => [...socialKeys.all, 'posts'] as const,
  postLists: () => [...socialKeys.posts(), 'list'] as const,
  /** One board's posts (GET /securities/{id}/posts). */
  boardPosts: (securityId: string, filters: PostListFilters) =>
    [...socialKeys.postLists(), 'board', securityId, filters] as const,
  /** Posts of every board (GET /posts): MY's 내가 쓴 글. */
  memberPosts: (filters: PostListFilters) => [...socialKeys.postLists(), 'all-boards', filters] as const,
  postDetails: (postId: number) => [...socialKeys.posts(), 'detail', postId] as const,
  postDetail: (postId: number, scope: PostScope) => [...socialKeys.postDetails(postId), scope] as const,
  likedUsers: (postId: number, limit: number) => [...socialKeys.all, 'liked-users', postId, { limit }] as const,
  comments: () => [...socialKeys.all, 'comments'] as const,
  postComments: (postId: number, limit: number) => [...socialKeys.comments(), 'post', postId, { limit }] as const,
  articleComments: (articleId: number, limit: number) =>
    [...socialKeys.comments(), 'insight_article', articleId, { limit }] as const,
  replies: (commentId: number, limit: number) => [...socialKeys.comments(), 'replies', commentId, { limit }] as const,
  myComments: (limit: number) => [...socialKeys.comments(), 'mine', { limit }] as const,
  /** Notices: the same for everyone. */
  notices: (limit: number) => [...socialKeys.all, 'notices', { limit }] as const,
  notice: (noticeId: number) => [...socialKeys.all, 'notice', noticeId] as const,
  /** The member's messages to the operators (customer support). */
  support: () => [...socialKeys.all, 'support'] as const,
  supportMessages: (limit: number) => [...socialKeys.support(), { limit }] as const,
};
