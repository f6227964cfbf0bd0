import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { FavoriteStockLists } from '@/features/favorites/api';
import { favoriteKeys } from '@/features/favorites/queries';
import { clearLogin, setLogin } from '@/features/identity/login-store';
import { createTestQueryClient, renderWithProviders, stubFetch } from '@/testing/test-utils';

import FavoriteListsRoute from './lists';

function renderLists(lists: FavoriteStockLists) {
  stubFetch({});
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(favoriteKeys.lists(), lists);
  return renderWithProviders(<FavoriteListsRoute />, { queryClient, route: '/m/my/favorite_stock_lists' });
}

beforeEach(() => setLogin('sise-token', 3600));
afterEach(() => clearLogin());

describe('/m/my/favorite_stock_lists', () => {
  it('shows the placeholder 관심그룹 when the member has no group', () => {
    renderLists({ favorite_stock_lists: [], max_lists: 20, max_stocks_per_list: 100 });
    const placeholder = screen.getByTestId('favorite-placeholder');
    expect(placeholder.textContent).toContain('관심그룹');
    expect(screen.getByRole('button', { name: '종목 추가' })).toBeTruthy();
    // Nothing to edit yet.
    expect(screen.queryByRole('link', { name: '편집' })).toBeNull();
  });

  it('shows each group with its stocks and their hearts', () => {
    renderLists({
      favorite_stock_lists: [
        {
          id: 1,
          name: '반도체',
          favorite_stocks_count: 2,
          favorite_stocks: [
            { id: 11, favorite_stock_list_id: 1, security_id: 'KOREA-A005930' },
            { id: 12, favorite_stock_list_id: 1, security_id: 'KOREA-A000660' },
          ],
        },
        { id: 2, name: '빈 그룹', favorite_stocks_count: 0, favorite_stocks: [] },
      ],
      max_lists: 20,
      max_stocks_per_list: 100,
    });
    expect(screen.getByRole('region', { name: '반도체' })).toBeTruthy();
    expect(screen.getByRole('list', { name: '반도체 종목' }).querySelectorAll('li')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: '관심종목 해제·변경' })).toHaveLength(2);
    expect(screen.getByRole('region', { name: '빈 그룹' }).textContent).toContain('관심종목을 추가해 보세요.');
  });
});
