import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import { getPostQueryOptions, usePost } from '../api/get-post';
import { createPost, reactionServer, stubApi } from '../testing/posts';
import { PENDING_ACTION_STORAGE_KEY } from '../utils/pending-action';
import { SocialViewerContext, type SocialViewer } from '../viewer';

import { ReactionBar } from './reaction-bar';

const PATH = '/m/stocks/KOREA-A005930/debates/1';

function Harness() {
  const post = usePost(1).data?.post;
  return post ? <ReactionBar post={post} /> : null;
}

function seeded(post: ReturnType<typeof createPost>) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getPostQueryOptions(1).queryKey, { post, prev_post_id: null, next_post_id: null });
  return queryClient;
}

function setup(viewer: SocialViewer, initial = { likes_count: 2, dislikes_count: 1 }) {
  const server = reactionServer({ ...initial, my_emotion: { liked: false, disliked: false } });
  const api = stubApi({
    'POST /social/api/v1/posts/1/like': () => ({ status: 200, body: server.apply('like') }),
    'POST /social/api/v1/posts/1/dislike': () => ({ status: 200, body: server.apply('dislike') }),
    'POST /social/api/v1/posts/1/unlike': () => ({ status: 200, body: server.apply('unlike') }),
  });
  const ui = (value: SocialViewer) => (
    <SocialViewerContext value={value}>
      <Harness />
    </SocialViewerContext>
  );
  const queryClient = seeded(createPost({ ...initial }));
  const { rerender } = renderWithProviders(ui(viewer), { route: PATH, queryClient });
  const reactions = () => api.requests.filter((request) => request.method === 'POST').map((request) => request.path.split('/').at(-1));
  return { server, api, reactions, queryClient, rerender: (next: SocialViewer) => rerender(ui(next)) };
}

const like = () => screen.getByRole('button', { name: /좋아요/ });
const dislike = () => screen.getByRole('button', { name: /싫어요/ });
const shown = () => [like().textContent, like().getAttribute('aria-pressed'), dislike().textContent, dislike().getAttribute('aria-pressed')];

const member: SocialViewer = { signedIn: true, login: () => undefined };

describe('ReactionBar (spec §4)', () => {
  beforeEach(() => sessionStorage.clear());

  it('likes, switches to dislike, cancels it: the counts at each step, then the server agrees', async () => {
    const { server, reactions, queryClient } = setup(member);
    await screen.findByRole('button', { name: /좋아요/ });
    expect(shown()).toEqual(['좋아요 2', 'false', '싫어요 1', 'false']);

    fireEvent.click(like());
    expect(shown()).toEqual(['좋아요 3', 'true', '싫어요 1', 'false']);
    await waitFor(() => expect(reactions()).toEqual(['like']));
    await waitFor(() => expect(queryClient.getQueryData(getPostQueryOptions(1).queryKey)?.post.likes_count).toBe(3));

    fireEvent.click(dislike());
    expect(shown()).toEqual(['좋아요 2', 'false', '싫어요 2', 'true']);
    await waitFor(() => expect(reactions()).toEqual(['like', 'dislike']));

    fireEvent.click(dislike());
    expect(shown()).toEqual(['좋아요 2', 'false', '싫어요 1', 'false']);
    await waitFor(() => expect(reactions()).toEqual(['like', 'dislike', 'unlike']));
    await waitFor(() => expect(queryClient.getQueryData(getPostQueryOptions(1).queryKey)?.post.my_emotion).toEqual({ liked: false, disliked: false }));
    expect(server.state).toEqual({ likes_count: 2, dislikes_count: 1, my_emotion: { liked: false, disliked: false } });
    expect(shown()).toEqual(['좋아요 2', 'false', '싫어요 1', 'false']);
  });

  it('merges rapid taps into one final request', async () => {
    const { reactions } = setup(member);
    await screen.findByRole('button', { name: /좋아요/ });
    // liked, none, liked, disliked: one request for the last.
    fireEvent.click(like());
    fireEvent.click(like());
    fireEvent.click(like());
    fireEvent.click(dislike());
    expect(shown()).toEqual(['좋아요 2', 'false', '싫어요 2', 'true']);
    await waitFor(() => expect(reactions()).toEqual(['dislike']));
    // Taps that cancel out send nothing.
    fireEvent.click(like());
    fireEvent.click(dislike());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reactions()).toEqual(['dislike']);
    expect(shown()).toEqual(['좋아요 2', 'false', '싫어요 2', 'true']);
  });

  it('sends a visitor to the login and does the tap once back, signed in', async () => {
    const login = vi.fn();
    const { reactions, rerender } = setup({ signedIn: false, login });
    await screen.findByRole('button', { name: /좋아요/ });
    fireEvent.click(like());
    expect(login).toHaveBeenCalledTimes(1);
    expect(reactions()).toEqual([]);
    expect(shown()).toEqual(['좋아요 2', 'false', '싫어요 1', 'false']);
    expect(JSON.parse(sessionStorage.getItem(PENDING_ACTION_STORAGE_KEY) ?? '{}')).toMatchObject({
      action: { kind: 'react', on: { type: 'post', id: 1 }, button: 'like' },
      path: PATH,
    });

    // Back from the login on the same page: the like is done, once.
    rerender(member);
    await waitFor(() => expect(reactions()).toEqual(['like']));
    expect(shown()[0]).toBe('좋아요 3');
    expect(sessionStorage.getItem(PENDING_ACTION_STORAGE_KEY)).toBeNull();
  });

  it('falls back to the server state and alerts the message when refused', async () => {
    const api = stubApi({
      'POST /social/api/v1/posts/1/like': () => ({ status: 409, body: { error: 'content_hidden', message: '숨겨진 글입니다.' } }),
    });
    const ui = (
      <SocialViewerContext value={member}>
        <Harness />
      </SocialViewerContext>
    );
    renderWithProviders(ui, { route: PATH, queryClient: seeded(createPost({ likes_count: 2 })) });
    fireEvent.click(await screen.findByRole('button', { name: /좋아요/ }));
    expect(like().textContent).toBe('좋아요 3');
    await waitFor(() => expect(like().textContent).toBe('좋아요 2'));
    expect(api.requests).toHaveLength(1);
  });
});
