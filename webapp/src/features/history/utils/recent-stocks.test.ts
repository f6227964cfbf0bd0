// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  MAX_RECENT_STOCKS,
  addRecentStock,
  isRecentStockId,
  recentStocksCookieValue,
  removeRecentStocks,
  shortCodeOf,
} from './recent-stocks';

/** `KOREA-A000001`, `KOREA-A000002`, … */
const stock = (n: number) => `KOREA-A${String(n).padStart(6, '0')}`;

describe('isRecentStockId', () => {
  it('accepts two dash-separated parts only', () => {
    for (const id of ['KOREA-A005930', 'INDEX-KOSPI', 'a-1']) expect(isRecentStockId(id)).toBe(true);
    const rejected = ['', 'KOREA', 'KOREA-', '-A005930', 'KOREA-A-1', 'KOREA--A1', 'KOREA::A005930', 'KOREA-A1,B2'];
    for (const id of [...rejected, 'KOREA-A 1', 7, null]) expect(isRecentStockId(id)).toBe(false);
  });
});

describe('addRecentStock', () => {
  it('puts the newest first and moves a stock viewed again to the front', () => {
    let ids = addRecentStock([], stock(1));
    ids = addRecentStock(ids, stock(2));
    ids = addRecentStock(ids, stock(3));
    expect(ids).toEqual([stock(3), stock(2), stock(1)]);
    expect(addRecentStock(ids, stock(1))).toEqual([stock(1), stock(3), stock(2)]);
  });

  it('keeps the same list when the stock is already first, or the id cannot enter', () => {
    const ids = [stock(1), stock(2)];
    expect(addRecentStock(ids, stock(1))).toBe(ids);
    expect(addRecentStock(ids, 'A005930')).toBe(ids);
    expect(addRecentStock(ids, 'KOREA-A-005930')).toBe(ids);
  });

  it('keeps at most 30, dropping the oldest', () => {
    let ids: readonly string[] = [];
    for (let n = 1; n <= MAX_RECENT_STOCKS + 2; n += 1) ids = addRecentStock(ids, stock(n));
    expect(MAX_RECENT_STOCKS).toBe(30);
    expect(ids).toHaveLength(30);
    expect(ids[0]).toBe(stock(32));
    expect(ids.at(-1)).toBe(stock(3));
  });
});

describe('removeRecentStocks', () => {
  it('removes by security ids, keeping the order of the rest', () => {
    const ids = [stock(1), stock(2), stock(3), stock(4)];
    expect(removeRecentStocks(ids, [stock(3), stock(1), stock(9)])).toEqual([stock(2), stock(4)]);
    expect(removeRecentStocks(ids, new Set([stock(9)]))).toBe(ids);
    expect(removeRecentStocks(ids, ids)).toEqual([]);
  });
});

describe('the cookie value', () => {
  it('is the short codes (the second part of each id), newest first, comma-joined', () => {
    expect(shortCodeOf('KOREA-A005930')).toBe('A005930');
    expect(recentStocksCookieValue(['KOREA-A000660', 'KOREA-A005930'])).toBe('A000660,A005930');
    expect(recentStocksCookieValue([])).toBe('');
  });
});
