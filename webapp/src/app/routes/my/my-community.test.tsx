// MY's 내가 쓴 글 and 내 댓글 (issue 27): the newest few of each with 전체보기, for a member; the
// way in for a visitor; a comment on an insight article opens the article (issue 28).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { routes } from '@/app/route-table';
import { clearLogin, setLogin } from '@/features/identity/login-store';
import { createComment, createPost, stubApi } from '@/features/social/testing/posts';
import { createAsset } from '@/testing/data-generators';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { createTestQueryClient } from '@/testing/test-utils';

const HYNIX = 'KOREA-A000660';

const COMMENTS = [
  createComment({ id: 9, content: '내 댓글입니다', is_my_comment: true, post: { id: 3, security_id: HYNIX, excerpt: '하이닉스 첫 줄', deleted: false } }),
  createComment({ id: 8, content: '지워진 글에', is_my_comment: true, post: { id: 1, security_id: HYNIX, excerpt: '', deleted: true } }),
];

function renderMy(path = '/m/my', comments = COMMENTS) {
  installIntersectionObserver();
  const api = stubApi({
    'GET /social/api/v1/posts': () => ({
      status: 200,
      body: {
        posts: [
          createPost({ id: 3, content: '하이닉스 첫 줄\n둘째 줄', security_id: HYNIX, is_mine: true }),
          createPost({ id: 2, content: '숨겨진 내 글', is_mine: true, hidden: { by: 'operator', reason: '광고', objection: null, can_object: true } }),
        ],
        next_cursor: 'next',
      },
    }),
    'GET /social/api/v1/users/me/comments': () => ({
      status: 200,
      body: {
        comments,
        next_cursor: null,
      },
    }),
    'GET /mweb/api/v1/assets': () => ({
      status: 200,
      body: { assets: { [HYNIX]: createAsset({ asset_id: HYNIX, kind: 'STOCK', name: 'SK하이닉스' }) } },
    }),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api };
}

describe('MY 내가 쓴 글, 내 댓글', () => {
  afterEach(() => clearLogin());

  it('shows a member the newest few of each, with their stocks, and 전체보기', async () => {
    setLogin('token', 3_600);
    const { api } = renderMy();
    const posts = await screen.findByRole('list', { name: '내가 쓴 글' });
    await within(posts).findByText(/^SK하이닉스 · 의견 · /);
    const rows = within(posts).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      `/m/stocks/${HYNIX}/debates/3?scope=mine`,
      '/m/stocks/KOREA-A005930/debates/2?scope=mine',
    ]);
    expect(rows[0]?.textContent).toContain('하이닉스 첫 줄');
    expect(rows[0]?.textContent).not.toContain('둘째 줄');
    expect(rows[1]?.textContent).toContain('숨겨짐');
    const comments = screen.getByRole('list', { name: '내 댓글' });
    expect(within(comments).getByRole('link').getAttribute('href')).toBe(`/m/stocks/${HYNIX}/debates/3#comments`);
    expect(within(comments).getByText('삭제된 글의 댓글')).toBeDefined();
    expect(within(screen.getByTestId('my-posts')).getByRole('link', { name: '전체보기' }).getAttribute('href')).toBe('/m/my/posts');
    expect(within(screen.getByTestId('my-comments')).getByRole('link', { name: '전체보기' }).getAttribute('href')).toBe('/m/my/comments');
    // The newest few: a page of three, never a next one (there is a cursor).
    const asked = api.requests.filter((request) => request.path === '/social/api/v1/posts');
    expect(asked.map((request) => [request.url.searchParams.get('scope'), request.url.searchParams.get('limit')])).toEqual([['mine', '3']]);
    expect(screen.queryByTestId('list-sentinel')).toBeNull();
  });

  it('opens the insight article a comment was written on', async () => {
    setLogin('token', 3_600);
    const onArticle = (id: number, title: string, withdrawn: boolean) =>
      createComment({
        id,
        content: `글 ${id}에 단 댓글`,
        is_my_comment: true,
        commentable_type: 'insight_article',
        commentable_id: 40 + id,
        insight_article: { id: 40 + id, title, withdrawn },
      });
    renderMy('/m/my/comments', [onArticle(2, '반도체 사이클 점검', false), onArticle(1, '', true), ...COMMENTS]);
    const comments = await screen.findByRole('list', { name: '내 댓글' });
    await within(comments).findByText('글 2에 단 댓글');
    const links = within(comments).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/m/investing_strategies/articles/42#comments',
      `/m/stocks/${HYNIX}/debates/3#comments`,
    ]);
    expect(links[0]?.textContent).toContain('반도체 사이클 점검');
    expect(links[0]?.textContent).toMatch(/^인사이트 · /);
    // A withdrawn article's comment stays listed, without a link.
    const withdrawn = within(comments).getByText('글 1에 단 댓글').closest('.my-activity__row');
    expect(withdrawn?.tagName).toBe('DIV');
    expect(withdrawn?.textContent).toContain('내려간 글의 댓글');
  });

  it('shows a visitor the way in, and asks for nothing of the member', async () => {
    const { api } = renderMy();
    expect((await screen.findByRole('link', { name: '로그인하고 내가 쓴 글 보기' })).getAttribute('href')).toBe('/m/my/posts');
    expect(screen.getByRole('link', { name: '로그인하고 내 댓글 보기' }).getAttribute('href')).toBe('/m/my/comments');
    expect(api.requests.filter((request) => request.path.startsWith('/social/'))).toEqual([]);
  });
});
