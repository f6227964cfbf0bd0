// @vitest-environment node
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { createTestQueryClient } from '@/testing/test-utils';

import { getBoardPostsInfiniteQueryOptions } from '../api/get-board-posts';
import { getMyPostsInfiniteQueryOptions } from '../api/get-member-posts';
import { getPostQueryOptions } from '../api/get-post';
import { createPost } from '../testing/posts';
import type { Post } from '../types';

import { changeCommentsCount, insertPost, removePost, updatePost } from './post-cache';

const SAMSUNG = 'KOREA-A005930';
const HYNIX = 'KOREA-A000660';
const old = createPost({ id: 1, is_mine: true });
const page = (...posts: Post[]): InfiniteData<{ posts: Post[]; next_cursor: string | null }, string | null> => ({
  pages: [{ posts, next_cursor: null }],
  pageParams: [null],
});

function seeded() {
  const queryClient = createTestQueryClient();
  const keys = {
    recent: getBoardPostsInfiniteQueryOptions(SAMSUNG, { scope: 'all', sort: 'RECENT', category: '' }).queryKey,
    questions: getBoardPostsInfiniteQueryOptions(SAMSUNG, { scope: 'all', sort: 'RECENT', category: 'question' }).queryKey,
    opinions: getBoardPostsInfiniteQueryOptions(SAMSUNG, { scope: 'all', sort: 'RECENT', category: 'opinion' }).queryKey,
    ranked: getBoardPostsInfiniteQueryOptions(SAMSUNG, { scope: 'all', sort: 'RANK_DESC', category: '' }).queryKey,
    mine: getBoardPostsInfiniteQueryOptions(SAMSUNG, { scope: 'mine', sort: 'RECENT', category: '' }).queryKey,
    other: getBoardPostsInfiniteQueryOptions(HYNIX, { scope: 'all', sort: 'RECENT', category: '' }).queryKey,
    my: getMyPostsInfiniteQueryOptions(3).queryKey,
    detail: getPostQueryOptions(1).queryKey,
  };
  for (const key of [keys.recent, keys.opinions, keys.ranked, keys.mine, keys.my]) queryClient.setQueryData(key, page(old));
  queryClient.setQueryData(keys.questions, page());
  queryClient.setQueryData(keys.other, page());
  queryClient.setQueryData(keys.detail, { post: old, prev_post_id: null, next_post_id: null });
  const ids = (key: readonly unknown[]) =>
    queryClient.getQueryData<ReturnType<typeof page>>(key)?.pages.flatMap((p) => p.posts.map((post) => post.id));
  return { queryClient, keys, ids };
}

describe('post cache', () => {
  it('puts a new post at the front of the lists that would hold it first, once', () => {
    const { queryClient, keys, ids } = seeded();
    const question = createPost({ id: 2, category: 'question', is_mine: true });
    insertPost(queryClient, question);
    insertPost(queryClient, question);
    expect(ids(keys.recent)).toEqual([2, 1]);
    expect(ids(keys.questions)).toEqual([2]);
    expect(ids(keys.opinions)).toEqual([1]);
    expect(ids(keys.mine)).toEqual([2, 1]);
    expect(ids(keys.my)).toEqual([2, 1]);
    // Another board's list, and the ranked list (marked stale instead: the server ranks it).
    expect(ids(keys.other)).toEqual([]);
    expect(ids(keys.ranked)).toEqual([1]);
    expect(queryClient.getQueryState(keys.ranked)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(keys.recent)?.isInvalidated).toBe(false);
  });

  it("does not put another member's post in the member's own lists", () => {
    const { queryClient, keys, ids } = seeded();
    insertPost(queryClient, createPost({ id: 3, is_mine: false }));
    expect(ids(keys.recent)).toEqual([3, 1]);
    expect(ids(keys.mine)).toEqual([1]);
    expect(ids(keys.my)).toEqual([1]);
  });

  it('takes a deleted post out of every list and drops its page', () => {
    const { queryClient, keys, ids } = seeded();
    removePost(queryClient, 1);
    for (const key of [keys.recent, keys.opinions, keys.ranked, keys.mine, keys.my]) expect(ids(key)).toEqual([]);
    expect(queryClient.getQueryData(keys.detail)).toBeUndefined();
  });

  it('changes a post wherever it is shown', () => {
    const { queryClient, keys } = seeded();
    updatePost(queryClient, 1, (post) => ({ ...post, likes_count: 4 }));
    changeCommentsCount(queryClient, 1, +1);
    for (const key of [keys.recent, keys.ranked, keys.my]) {
      const post = queryClient.getQueryData<ReturnType<typeof page>>(key)?.pages[0]?.posts[0];
      expect([post?.likes_count, post?.comments_count]).toEqual([4, 1]);
    }
    expect(queryClient.getQueryData(keys.detail)?.post.comments_count).toBe(1);
    changeCommentsCount(queryClient, 1, -5);
    expect(queryClient.getQueryData(keys.detail)?.post.comments_count).toBe(0);
  });
});
