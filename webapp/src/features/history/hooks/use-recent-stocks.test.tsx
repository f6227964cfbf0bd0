import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  RECENT_STOCKS_COOKIE,
  RECENT_STOCKS_STORAGE_KEY,
  recordRecentStock,
  removeRecentStocks,
  useRecentStockIds,
  useRecordRecentStock,
} from './use-recent-stocks';

const SAMSUNG = 'KOREA-A005930';
const HYNIX = 'KOREA-A000660';
const NAVER = 'KOREA-A035420';

const stored = () => localStorage.getItem(RECENT_STOCKS_STORAGE_KEY);
const cookie = () =>
  document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${RECENT_STOCKS_COOKIE}=`))
    ?.slice(RECENT_STOCKS_COOKIE.length + 1);

// Storage, other tabs and the server render: lib/persisted-list.test.tsx.
describe('recent stocks store', () => {
  it('persists views newest first and mirrors them into the cookie as short codes', () => {
    recordRecentStock(SAMSUNG);
    recordRecentStock(HYNIX);
    recordRecentStock(SAMSUNG);
    expect(JSON.parse(stored() ?? 'null')).toEqual([SAMSUNG, HYNIX]);
    expect(cookie()).toBe('A005930,A000660');
  });

  it('lets only ids of two dash-separated parts in', () => {
    recordRecentStock('A005930');
    recordRecentStock('KOREA-A-005930');
    expect(stored()).toBeNull();
    expect(cookie()).toBeUndefined();
  });

  it('removes by ids, and deletes the cookie once the list is empty', () => {
    for (const id of [SAMSUNG, HYNIX, NAVER]) recordRecentStock(id);
    removeRecentStocks([HYNIX, SAMSUNG]);
    expect(JSON.parse(stored() ?? 'null')).toEqual([NAVER]);
    expect(cookie()).toBe('A035420');
    removeRecentStocks([NAVER]);
    expect(JSON.parse(stored() ?? 'null')).toEqual([]);
    expect(cookie()).toBeUndefined();
  });

  it('reads only the valid ids of what is stored, the newest 30', () => {
    const many = Array.from({ length: 32 }, (_, i) => `KOREA-A${String(i + 1).padStart(6, '0')}`);
    localStorage.setItem(RECENT_STOCKS_STORAGE_KEY, JSON.stringify(['A005930', NAVER, ...many]));
    const { result } = renderHook(() => useRecentStockIds());
    expect(result.current).toEqual([NAVER, ...many.slice(0, 29)]);
  });

  it('records a view in an effect, once the id is known', () => {
    const { rerender } = renderHook(({ id }: { id: string | undefined }) => useRecordRecentStock(id), {
      initialProps: { id: undefined as string | undefined },
    });
    expect(stored()).toBeNull();
    rerender({ id: HYNIX });
    expect(JSON.parse(stored() ?? 'null')).toEqual([HYNIX]);
  });
});
