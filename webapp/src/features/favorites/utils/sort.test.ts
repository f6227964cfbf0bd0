// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { nextSort, sortStocks } from './sort';

const stocks = [
  { name: '삼성전자', price: 70000, changeRate: 1.5 },
  { name: 'SK하이닉스', price: 180000, changeRate: -2 },
  { name: '기아', price: 95000, changeRate: 0.3 },
  { name: null, price: undefined, changeRate: undefined },
];

const names = (list: readonly { name: string | null }[]) => list.map((stock) => stock.name);

describe('sortStocks', () => {
  it('keeps the group order without a sort', () => {
    expect(sortStocks(stocks, null)).toEqual(stocks);
  });

  it('sorts by name, Korean order (Hangul before Latin)', () => {
    expect(names(sortStocks(stocks, { key: 'name', direction: 'asc' }))).toEqual(['기아', '삼성전자', 'SK하이닉스', null]);
  });

  it('sorts by change rate and by price, unknown figures last', () => {
    expect(names(sortStocks(stocks, { key: 'change_rate', direction: 'desc' }))).toEqual([
      '삼성전자',
      '기아',
      'SK하이닉스',
      null,
    ]);
    expect(names(sortStocks(stocks, { key: 'price', direction: 'asc' }))).toEqual(['삼성전자', '기아', 'SK하이닉스', null]);
  });
});

describe('nextSort', () => {
  it('cycles first direction, the other, off', () => {
    const first = nextSort(null, 'price');
    expect(first).toEqual({ key: 'price', direction: 'desc' });
    const second = nextSort(first, 'price');
    expect(second).toEqual({ key: 'price', direction: 'asc' });
    expect(nextSort(second, 'price')).toBeNull();
    expect(nextSort(second, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});
