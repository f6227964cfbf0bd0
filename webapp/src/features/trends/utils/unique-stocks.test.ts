// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { createTrendStock } from '@/testing/data-generators';

import { uniqueStocks } from './unique-stocks';

describe('uniqueStocks', () => {
  it('keeps each stock once, where it first appeared', () => {
    const [a, b, c] = [1, 2, 3].map((n) => createTrendStock(n));
    const moved = createTrendStock(2, { price: 1 });
    expect(uniqueStocks([a!, b!, moved, c!])).toEqual([a, b, c]);
  });
});
