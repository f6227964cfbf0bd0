import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';

import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import { createComment, stubApi } from '../testing/posts';

import { useCreateComment } from './create-comment';
import { useComments } from './get-comments';

const TEXT = '로그인하고 남긴 댓글';
const written = createComment({ id: 101, content: TEXT });

/** The post's comments, and a comment written as it mounts (a visitor's, back from the login). */
function PostComments() {
  const comments = useComments({ kind: 'post', id: 1 });
  const create = useCreateComment();
  const { mutate } = create;
  useEffect(() => {
    mutate({ on: { type: 'post', id: 1 }, parentId: null, content: TEXT });
  }, [mutate]);
  const shown = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <ul aria-label="댓글 목록">
      {shown.map((comment) => (
        <li key={comment.id}>{comment.content}</li>
      ))}
    </ul>
  );
}

describe('useCreateComment', () => {
  it('shows the new comment even when the list read before it was written answers after it', async () => {
    let stored: (typeof written)[] = [];
    let releaseFirstRead: () => void = () => undefined;
    const firstReadHeld = new Promise<void>((resolve) => (releaseFirstRead = resolve));
    let reads = 0;
    stubApi({
      'GET /social/api/v1/posts/1/comments': async () => {
        reads += 1;
        // The first read left before the comment was stored: it answers the old list, late.
        const answer = { status: 200, body: { comments: [...stored], next_cursor: null } };
        if (reads === 1) await firstReadHeld;
        return answer;
      },
      'POST /social/api/v1/posts/1/comments': () => {
        stored = [written];
        setTimeout(releaseFirstRead, 10);
        return { status: 201, body: { comment: written } };
      },
    });
    renderWithProviders(<PostComments />, { route: '/m/stocks/KOREA-A005930/debates/1', queryClient: createTestQueryClient() });
    await waitFor(() => expect(screen.getByText(TEXT)).toBeDefined());
  });
});
