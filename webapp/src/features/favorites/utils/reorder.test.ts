// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { dropIndex, moveItem } from './reorder';

describe('moveItem', () => {
  it('moves an item down and up', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });

  it('clamps the target and ignores a bad source', () => {
    expect(moveItem([1, 2, 3], 0, 9)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
  });
});

describe('dropIndex', () => {
  const middles = [10, 30, 50, 70];
  it('counts the other rows above the pointer', () => {
    expect(dropIndex(middles, 0, 55)).toBe(2);
    expect(dropIndex(middles, 3, 5)).toBe(0);
    expect(dropIndex(middles, 1, 100)).toBe(3);
  });
});
