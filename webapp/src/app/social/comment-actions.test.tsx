// The comment menu through the app's real modal registry (app/modals.tsx): commentSetting,
// the 삭제 하시겠습니까? confirm, the server's message on a refused delete (spec §8), report.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { ModalHost } from '@/components/modals/modal-host';
import { closeModalsNotOn } from '@/components/modals/modal-store';
import { CommentSection } from '@/features/social/components/comment-section';
import { createComment, createPost, stubApi } from '@/features/social/testing/posts';
import { SocialViewerContext } from '@/features/social/viewer';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { renderWithProviders } from '@/testing/test-utils';

import { modalComponents } from '../modals';

const post = createPost({ id: 1, comments_count: 2 });
const mine = createComment({ id: 100, content: '제 댓글', is_my_comment: true });
const theirs = createComment({ id: 101, content: '남의 댓글' });

function setup(deleteAnswer: { status: number; body?: unknown }) {
  installIntersectionObserver();
  const api = stubApi({
    'GET /social/api/v1/posts/1/comments': () => ({ status: 200, body: { comments: [mine, theirs], next_cursor: null } }),
    'DELETE /social/api/v1/comments/100': () => deleteAnswer,
  });
  renderWithProviders(
    <SocialViewerContext value={{ signedIn: true, login: () => undefined }}>
      <CommentSection on={{ type: 'post', id: post.id }} commentsCount={post.comments_count} open={!post.hidden} />
      <ModalHost components={modalComponents} />
    </SocialViewerContext>,
    { route: '/m/stocks/KOREA-A005930/debates/1' },
  );
  const menuOf = async (text: string) => {
    const comment = (await screen.findByText(text)).closest('[data-comment-id]');
    fireEvent.click(within(comment as HTMLElement).getByRole('button', { name: '댓글 메뉴' }));
  };
  return { api, menuOf };
}

describe('comment menu (commentSetting)', () => {
  // The modal store outlives a test: close what one left open.
  afterEach(() => act(() => closeModalsNotOn('')));

  it('deletes the member’s own after 삭제 하시겠습니까?, alerting the server’s message when refused', async () => {
    const { api, menuOf } = setup({ status: 503, body: { error: 'service_unavailable', message: '잠시 후 다시 시도해 주세요.' } });
    await menuOf('제 댓글');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: '신고' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('삭제 하시겠습니까?')).toBeDefined();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '삭제' }));
    expect((await screen.findByRole('alert')).textContent).toBe('잠시 후 다시 시도해 주세요.');
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/social/api/v1/comments/100',
    ]);
  });

  it('deletes it when the server agrees, and asks for the comments again', async () => {
    const { api, menuOf } = setup({ status: 204 });
    await menuOf('제 댓글');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '삭제' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path.endsWith('/posts/1/comments')).length).toBe(2),
    );
  });

  it("offers 신고 on another member's comment, which opens the report modal", async () => {
    const { menuOf } = setup({ status: 204 });
    await menuOf('남의 댓글');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: '삭제' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '신고' }));
    expect(await screen.findByRole('heading', { name: '댓글 신고' })).toBeDefined();
  });
});
