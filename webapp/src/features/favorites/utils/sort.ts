// Sorting a group's stocks on its screen (name, change rate, price); the group's own order is
// the member's and is left as is by default.

export type StockSortKey = 'name' | 'change_rate' | 'price';
export type StockSort = { key: StockSortKey; direction: 'asc' | 'desc' } | null;

export type SortableStock = { name: string | null; price?: number; changeRate?: number };

const collator = new Intl.Collator('ko');

function value(stock: SortableStock, key: Exclude<StockSortKey, 'name'>): number | undefined {
  return key === 'price' ? stock.price : stock.changeRate;
}

/** The stocks in `sort`'s order; those without the figure (or name) go last either way. */
export function sortStocks<T extends SortableStock>(stocks: readonly T[], sort: StockSort): T[] {
  if (!sort) return [...stocks];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...stocks].sort((a, b) => {
    if (sort.key === 'name') {
      if (a.name === null || b.name === null) return (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0);
      return sign * collator.compare(a.name, b.name);
    }
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
    return sign * (x - y);
  });
}

/** Tapping a column: descending first (names ascending first), then the other way, then off. */
export function nextSort(current: StockSort, key: StockSortKey): StockSort {
  const first = key === 'name' ? 'asc' : 'desc';
  if (current?.key !== key) return { key, direction: first };
  if (current.direction === first) return { key, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}
