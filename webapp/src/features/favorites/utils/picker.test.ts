// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { FavoriteStockList, FavoriteStockLists } from '../api';

import { canCreateList, canTap, PLACEHOLDER_ROW, pickerRows } from './picker';

function list(id: number, count: number): FavoriteStockList {
  return { id, name: `그룹${id}`, favorite_stocks_count: count, favorite_stocks: [] };
}

const lists = (...groups: FavoriteStockList[]): FavoriteStockLists => ({
  favorite_stock_lists: groups,
  max_lists: 20,
  max_stocks_per_list: 100,
});

describe('pickerRows', () => {
  it('shows the placeholder 관심그룹 when there is no group', () => {
    expect(pickerRows(lists(), [])).toEqual([PLACEHOLDER_ROW]);
    expect(PLACEHOLDER_ROW).toMatchObject({ listId: null, name: '관심그룹' });
  });

  it('marks the groups holding the stock', () => {
    const rows = pickerRows(lists(list(1, 3), list(2, 5)), [{ id: 9, favorite_stock_list_id: 2, security_id: 'KOREA-A005930' }]);
    expect(rows.map((row) => row.favoriteStockId)).toEqual([null, 9]);
  });

  it('disables a full group the stock is not in, with its reason', () => {
    const rows = pickerRows(lists(list(1, 100), list(2, 100)), [
      { id: 9, favorite_stock_list_id: 2, security_id: 'KOREA-A005930' },
    ]);
    expect(rows[0]?.disabledReason).toBe('관심그룹에는 100개까지 담을 수 있습니다.');
    // A full group that holds it can still remove it.
    expect(rows[1]?.disabledReason).toBeNull();
  });
});

describe('canTap', () => {
  it('adds to an open group, removes a registered one, never adds to a full one', () => {
    const [open, full] = pickerRows(lists(list(1, 0), list(2, 100)), []);
    expect(canTap(open!, false)).toBe(true);
    expect(canTap(full!, false)).toBe(false);
    expect(canTap(full!, true)).toBe(true);
  });
});

describe('canCreateList', () => {
  it('stops at the maximum number of groups', () => {
    expect(canCreateList(lists(list(1, 0)))).toBe(true);
    expect(canCreateList({ ...lists(list(1, 0)), max_lists: 1 })).toBe(false);
  });
});
