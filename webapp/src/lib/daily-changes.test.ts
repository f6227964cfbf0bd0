import { describe, expect, it } from 'vitest';

import { changeTypeOf, withDailyChanges } from './daily-changes';

const candle = (date: string, close: number) => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
  trading_value: close,
});

describe('withDailyChanges', () => {
  it('compares each day with the next older one', () => {
    const rows = withDailyChanges([candle('2026-05-08', 110), candle('2026-05-07', 100), candle('2026-05-06', 100)]);
    expect(rows.map((r) => [r.change, r.changeRate, r.changeType])).toEqual([
      [10, 0.1, 'RISE'],
      [0, 0, 'EVEN'],
      [null, null, 'EVEN'],
    ]);
  });

  it('marks limit moves', () => {
    expect(changeTypeOf(3_000, 0.3)).toBe('UPPER_LIMIT');
    expect(changeTypeOf(-3_000, -0.2999)).toBe('LOWER_LIMIT');
    expect(changeTypeOf(-100, -0.01)).toBe('FALL');
  });
});
