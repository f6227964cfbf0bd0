// Day-over-day changes of the daily tables (stock quotes, index values), from
// newest-first day candles.
import type { ChangeType } from '@/lib/change-display';

/**
 * What the change needs of a day candle (stock and asset candles both have it). A stock's
 * candle also carries `change_type`, classified by the server at the KRX limit prices of the
 * previous close (상한가/하한가); an index has no limits.
 */
type DayClose = { date: string; close: number; change_type?: ChangeType | null };

export type DailyChangeRow<T extends DayClose> = T & {
  /** close − the previous trading day's close; null when that day is not loaded (or there is none). */
  change: number | null;
  changeRate: number | null;
  changeType: ChangeType;
};

/** Rise, fall or even by the sign of the change (no limit prices known). */
export function changeTypeOf(change: number | null): ChangeType {
  if (change === null || change === 0) return 'EVEN';
  return change > 0 ? 'RISE' : 'FALL';
}

/** Newest-first candles → rows with the change against the next (older) candle. */
export function withDailyChanges<T extends DayClose>(candles: readonly T[]): DailyChangeRow<T>[] {
  return candles.map((candle, index) => {
    const previous = candles[index + 1];
    const change = previous && previous.close > 0 ? candle.close - previous.close : null;
    const changeRate = previous && previous.close > 0 && change !== null ? change / previous.close : null;
    return { ...candle, change, changeRate, changeType: candle.change_type ?? changeTypeOf(change) };
  });
}
