import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { installIntersectionObserver } from '@/testing/intersection-observer';
import { FakeEventSource } from '@/testing/fake-event-source';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import { getMyPostsInfiniteQueryOptions } from '../api/get-member-posts';
import { createPost, stubApi } from '../testing/posts';
import { SocialViewerContext } from '../viewer';

import { Board } from './board';

const SAMSUNG = 'KOREA-A005930';
const first = createPost({ id: 1, content: '첫 글', is_mine: true });
const second = createPost({ id: 2, content: '새 글이 왔습니다', category: 'question' });

/** The board's first page as the server answers it. */
let boardPosts = [first];
/** When set, the next read of the board answers what it read only once this settles. */
let boardReadHeld: Promise<void> | null = null;

function setup() {
  boardPosts = [first];
  installIntersectionObserver();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  const api = stubApi({
    [`GET /social/api/v1/securities/${SAMSUNG}/posts`]: async () => {
      const answer = { status: 200, body: { posts: boardPosts, next_cursor: null } };
      const held = boardReadHeld;
      boardReadHeld = null;
      if (held) await held;
      return answer;
    },
    'GET /social/api/v1/posts/2': () => ({ status: 200, body: { post: second, prev_post_id: null, next_post_id: 1 } }),
  });
  const queryClient = createTestQueryClient();
  // MY's list holds the member's first post too.
  queryClient.setQueryData(getMyPostsInfiniteQueryOptions(3).queryKey, {
    pages: [{ posts: [first], next_cursor: null }],
    pageParams: [null],
  });
  const view = renderWithProviders(
    <SocialViewerContext value={{ signedIn: true, login: () => undefined }}>
      <Board securityId={SAMSUNG} sort="RECENT" category="" onSortChange={() => undefined} onCategoryChange={() => undefined} />
    </SocialViewerContext>,
    { route: `/m/stocks/${SAMSUNG}/debates`, queryClient },
  );
  const titles = () =>
    within(screen.getByRole('list', { name: '토론 글' }))
      .queryAllByRole('article')
      .map((article) => article.querySelector('.post-text')?.textContent);
  return { api, queryClient, titles, unmount: view.unmount };
}

describe('Board', () => {
  beforeEach(() => {
    sessionStorage.clear();
    boardReadHeld = null;
  });

  it('opens the board stream and puts a new post at the top without a reload', async () => {
    const { api, titles } = setup();
    await waitFor(() => expect(titles()).toEqual(['첫 글']));
    const source = FakeEventSource.instances[0];
    expect(source?.url).toBe(`/social/api/v1/securities/${SAMSUNG}/posts/stream`);

    act(() => source?.emit('post_created', { post_id: 2 }));
    await waitFor(() => expect(titles()).toEqual(['새 글이 왔습니다', '첫 글']));
    // The post was asked for; the board itself was not read again.
    expect(api.requests.filter((request) => request.path.endsWith('/posts')).length).toBe(1);
    // The same event again (a retry) does not show it twice.
    act(() => source?.emit('post_created', { post_id: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(titles()).toEqual(['새 글이 왔습니다', '첫 글']);
  });

  it('reads the board again when its stream opens: a post written before it started is not missed', async () => {
    const { api, titles } = setup();
    await waitFor(() => expect(titles()).toEqual(['첫 글']));
    // The post arrived after the board was read and before the stream followed the board.
    boardPosts = [second, first];
    act(() => FakeEventSource.instances[0]?.emit('open', ''));
    await waitFor(() => expect(titles()).toEqual(['새 글이 왔습니다', '첫 글']));
    expect(api.requests.filter((request) => request.path.endsWith('/posts')).length).toBe(2);
  });

  it('reads the board again when its stream opens during its first read, which left before', async () => {
    let release: () => void = () => undefined;
    boardReadHeld = new Promise<void>((resolve) => (release = resolve));
    const { titles } = setup();
    await waitFor(() => expect(FakeEventSource.instances[0]).toBeDefined());
    // The first read has left; then a post arrives, and the stream starts following the board.
    boardPosts = [second, first];
    act(() => FakeEventSource.instances[0]?.emit('open', ''));
    release();
    await waitFor(() => expect(titles()).toEqual(['새 글이 왔습니다', '첫 글']));
  });

  it('takes a deleted post out of every list', async () => {
    const { queryClient, titles } = setup();
    await waitFor(() => expect(titles()).toEqual(['첫 글']));
    act(() => FakeEventSource.instances[0]?.emit('post_deleted', { post_id: 1 }));
    await waitFor(() => expect(titles()).toEqual([]));
    expect(queryClient.getQueryData(getMyPostsInfiniteQueryOptions(3).queryKey)?.pages[0]?.posts).toEqual([]);
    expect(screen.getByText('아직 글이 없습니다. 첫 글을 남겨보세요.')).toBeDefined();
  });

  it('ignores events it cannot read and closes the stream when it leaves', async () => {
    const { titles, unmount } = setup();
    await waitFor(() => expect(titles()).toEqual(['첫 글']));
    act(() => FakeEventSource.instances[0]?.emit('post_created', 'not json'));
    act(() => FakeEventSource.instances[0]?.emit('post_deleted', { post_id: 'x' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(titles()).toEqual(['첫 글']);
    unmount();
    expect(FakeEventSource.instances[0]?.closed).toBe(true);
  });
});
