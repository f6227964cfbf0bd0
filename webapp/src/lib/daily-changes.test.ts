// @vitest-environment node
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

  it('takes limit moves from the server, which knows the limit prices', () => {
    // A 29.9% rise that reached the upper limit price, and a 30% rise that did not (an index).
    const rows = withDailyChanges([
      { ...candle('2026-05-08', 130), change_type: 'UPPER_LIMIT' as const },
      candle('2026-05-07', 100),
      candle('2026-05-06', 76.9),
    ]);
    expect(rows.map((r) => r.changeType)).toEqual(['UPPER_LIMIT', 'RISE', 'EVEN']);
    expect(changeTypeOf(-100)).toBe('FALL');
    expect(changeTypeOf(0)).toBe('EVEN');
  });
});
