import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { FavoriteStockLists } from '@/features/favorites/api';
import { favoriteKeys } from '@/features/favorites/queries';
import { clearLogin, setLogin } from '@/features/identity/login-store';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import FavoriteListsEditRoute from './lists-edit';

const LISTS: FavoriteStockLists = {
  favorite_stock_lists: [{ id: 1, name: '반도체', favorite_stocks_count: 0, favorite_stocks: [] }],
  max_lists: 20,
  max_stocks_per_list: 100,
};

beforeEach(() => setLogin('sise-token', 3600));
afterEach(() => clearLogin());

describe('/m/my/favorite_stock_lists/edit', () => {
  it('새 그룹 makes one group however often it is tapped while it is being made', async () => {
    const posts: string[] = [];
    let answer: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.method !== 'POST') return Response.json(LISTS);
        posts.push(await request.text());
        return new Promise<Response>((resolve) => {
          answer = () => resolve(Response.json({ favorite_stock_list: { ...LISTS.favorite_stock_lists[0], id: 2, name: '배당' } }, { status: 201 }));
        });
      }),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(favoriteKeys.lists(), LISTS);
    renderWithProviders(<FavoriteListsEditRoute />, { queryClient, route: '/m/my/favorite_stock_lists/edit' });
    fireEvent.change(screen.getByLabelText('새 그룹 이름'), { target: { value: '배당' } });
    const button = screen.getByRole('button', { name: '새 그룹' });
    const form = button.closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.click(button);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(JSON.parse(posts[0]!)).toEqual({ name: '배당' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(posts).toHaveLength(1);
  });
});
