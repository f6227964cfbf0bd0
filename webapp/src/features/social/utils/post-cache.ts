// One post shows in many cached answers at once: its board's lists (each sort, category and
// scope), the member's lists, its own page. Every change to a post goes through here, so they
// all agree (spec §4: new posts go to the front of the all-scope list; deleted posts leave
// every list; reactions and comments move the counts wherever the post is shown).
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

import { insightKeys } from '@/lib/query-keys';

import { socialKeys, type PostListFilters } from '../api/query-keys';
import type { Commentable, Post, PostDetail } from '../types';

type PostPageLike = { posts: Post[]; next_cursor?: string | null };
type PostList = InfiniteData<PostPageLike, string | null>;

/** What a cached post list is about, read back from its key (api/query-keys.ts). */
type ListKey =
  | { kind: 'board'; securityId: string; filters: PostListFilters }
  | { kind: 'all-boards'; filters: PostListFilters };

function readListKey(key: QueryKey): ListKey | null {
  const [, , list, kind, ...rest] = key;
  if (list !== 'list') return null;
  if (kind === 'board') return { kind, securityId: rest[0] as string, filters: rest[1] as PostListFilters };
  if (kind === 'all-boards') return { kind, filters: rest[0] as PostListFilters };
  return null;
}

function isPostList(data: unknown): data is PostList {
  return typeof data === 'object' && data !== null && Array.isArray((data as Partial<PostList>).pages);
}

function isPostDetail(data: unknown): data is PostDetail {
  return typeof data === 'object' && data !== null && 'post' in data;
}

function mapLists(queryClient: QueryClient, map: (list: PostList, key: QueryKey) => PostList): void {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: socialKeys.postLists() })) {
    if (!isPostList(data)) continue;
    const next = map(data, key);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

/** `change` applied to post `postId` wherever it is cached. */
export function updatePost(queryClient: QueryClient, postId: number, change: (post: Post) => Post): void {
  mapLists(queryClient, (list) => {
    let changed = false;
    const pages = list.pages.map((page) => {
      if (!page.posts.some((post) => post.id === postId)) return page;
      changed = true;
      return { ...page, posts: page.posts.map((post) => (post.id === postId ? change(post) : post)) };
    });
    return changed ? { ...list, pages } : list;
  });
  for (const [key, data] of queryClient.getQueriesData({ queryKey: socialKeys.postDetails(postId) })) {
    if (isPostDetail(data)) queryClient.setQueryData(key, { ...data, post: change(data.post) });
  }
}

/** A newer copy of a post (the stream said it changed) in place of the cached ones. */
export function replacePost(queryClient: QueryClient, post: Post): void {
  updatePost(queryClient, post.id, () => post);
}

/** Comments added (+1) or removed (−1) under a post. */
export function changeCommentsCount(queryClient: QueryClient, postId: number, delta: number): void {
  updatePost(queryClient, postId, (post) => ({ ...post, comments_count: Math.max(0, post.comments_count + delta) }));
}

/**
 * A comment was written on or taken from `on`: a post's count moves wherever it is cached; an
 * insight article's page is asked again (its counts are the insight feature's).
 */
export async function commentsCountChanged(queryClient: QueryClient, on: Commentable, delta: number): Promise<void> {
  if (on.type === 'post') changeCommentsCount(queryClient, on.id, delta);
  else await queryClient.invalidateQueries({ queryKey: insightKeys.detail(on.id) });
}

/** Whether a list of this key would hold `post` at its front (newest first, its filters match). */
function takesNewPost(key: ListKey, post: Post): boolean {
  const { scope, sort, category } = key.filters;
  if (sort !== 'RECENT' || (category !== '' && category !== post.category)) return false;
  if (key.kind === 'board' && key.securityId !== post.security_id) return false;
  // Every board's list is the member's own only (MY); a board's is its scope's.
  if (scope === 'mine' || key.kind === 'all-boards') return scope === 'mine' && post.is_mine;
  return true;
}

/**
 * A new post: at the front of every cached list that would have it first (its board's newest
 * first, of its category or all; the member's own when it is theirs), once. Ranked lists of its
 * board are marked stale: where it ranks is the server's to say, next time they are shown.
 */
export function insertPost(queryClient: QueryClient, post: Post): void {
  mapLists(queryClient, (list, rawKey) => {
    const key = readListKey(rawKey);
    if (!key || !takesNewPost(key, post)) return list;
    if (list.pages.some((page) => page.posts.some((shown) => shown.id === post.id))) return list;
    const [first, ...rest] = list.pages;
    if (!first) return list;
    return { ...list, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
  });
  void queryClient.invalidateQueries({
    queryKey: socialKeys.postLists(),
    predicate: (query) => {
      const key = readListKey(query.queryKey);
      return key?.kind === 'board' && key.securityId === post.security_id && key.filters.sort === 'RANK_DESC';
    },
    refetchType: 'none',
  });
}

/**
 * A deleted post leaves every list (spec §4). Its own page's answer is dropped, or, while that
 * page is open (its author on the way back to the board), marked stale: asked again, it is gone.
 */
export function removePost(queryClient: QueryClient, postId: number): void {
  mapLists(queryClient, (list) => {
    if (!list.pages.some((page) => page.posts.some((post) => post.id === postId))) return list;
    return { ...list, pages: list.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== postId) })) };
  });
  const details = { queryKey: socialKeys.postDetails(postId) };
  queryClient.removeQueries({ ...details, predicate: (query) => query.getObserversCount() === 0 });
  void queryClient.invalidateQueries({ ...details, refetchType: 'none' });
}

/** Whether any cached list or page holds post `postId`. */
export function isPostCached(queryClient: QueryClient, postId: number): boolean {
  for (const [, data] of queryClient.getQueriesData({ queryKey: socialKeys.posts() })) {
    if (isPostList(data) && data.pages.some((page) => page.posts.some((post) => post.id === postId))) return true;
    if (isPostDetail(data) && data.post.id === postId) return true;
  }
  return false;
}
