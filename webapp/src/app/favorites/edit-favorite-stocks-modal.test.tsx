import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { FavoriteStockLists } from '@/features/favorites/api';
import { renderWithProviders } from '@/testing/test-utils';

import EditFavoriteStocksModal from './edit-favorite-stocks-modal';

const LISTS: FavoriteStockLists = {
  favorite_stock_lists: [{ id: 3, name: '반도체', favorite_stocks_count: 0, favorite_stocks: [] }],
  max_lists: 20,
  max_stocks_per_list: 100,
};

describe('editFavoriteStocks', () => {
  it('says the groups could not be read (not that the group is gone), and reads them again', async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          failing
            ? Response.json({ error: 'unavailable', message: '잠시 후 다시 시도해 주세요.' }, { status: 503 })
            : Response.json(LISTS),
        ),
      ),
    );
    renderWithProviders(<EditFavoriteStocksModal listId={3} close={() => undefined} />);
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    expect(screen.queryByText('관심그룹을 찾을 수 없습니다.')).toBeNull();
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: '반도체 편집' })).toBeTruthy();
  });

  it('says a group that is not among the read ones is gone', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json(LISTS))));
    renderWithProviders(<EditFavoriteStocksModal listId={9} close={() => undefined} />);
    expect(await screen.findByText('관심그룹을 찾을 수 없습니다.')).toBeTruthy();
  });
});
