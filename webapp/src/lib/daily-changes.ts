// Day-over-day changes of the daily tables (stock quotes, index values), from
// newest-first day candles.
import type { ChangeType } from '@/lib/change-display';

/** What the change needs of a day candle (stock and asset candles both have it). */
type DayClose = { date: string; close: number };

export type DailyChangeRow<T extends DayClose> = T & {
  /** close − the previous trading day's close; null when that day is not loaded (or there is none). */
  change: number | null;
  changeRate: number | null;
  changeType: ChangeType;
};

/** KRX moves are capped at ±30%; a close this far from the previous one is a limit move. */
const LIMIT_RATE = 0.295;

export function changeTypeOf(change: number | null, changeRate: number | null): ChangeType {
  if (change === null || changeRate === null || change === 0) return 'EVEN';
  if (change > 0) return changeRate >= LIMIT_RATE ? 'UPPER_LIMIT' : 'RISE';
  return changeRate <= -LIMIT_RATE ? 'LOWER_LIMIT' : 'FALL';
}

/** Newest-first candles → rows with the change against the next (older) candle. */
export function withDailyChanges<T extends DayClose>(candles: readonly T[]): DailyChangeRow<T>[] {
  return candles.map((candle, index) => {
    const previous = candles[index + 1];
    const change = previous && previous.close > 0 ? candle.close - previous.close : null;
    const changeRate = previous && previous.close > 0 && change !== null ? change / previous.close : null;
    return { ...candle, change, changeRate, changeType: changeTypeOf(change, changeRate) };
  });
}
