// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { parseAmount } from './forex-converter';

describe('parseAmount', () => {
  it('reads positive amounts with separators and up to two decimals', () => {
    expect(parseAmount('100')).toBe(100);
    expect(parseAmount('1,234.5')).toBe(1234.5);
    expect(parseAmount(' 0.01 ')).toBe(0.01);
  });

  it('refuses anything else', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('10000000000000')).toBeNull();
  });
});
