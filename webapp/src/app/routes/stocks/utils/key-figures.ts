// The key figures of the stock overview (주요 시세), computed from the live
// quote, the security, the day candles and the latest investor row.
import type { DayCandle } from '@/features/charts/types';
import type { Investor } from '@/features/company/types';
import type { Quote, Security } from '@/features/securities/types';
import { parseDateString } from '@/lib/chart-data';

export type KeyFigures = {
  open: number;
  high: number;
  low: number;
  previousClose: number;
  upperLimit: number;
  lowerLimit: number;
  volume: number;
  tradingValue: number;
  /** price × shares outstanding, in KRW. */
  marketCap: number;
  /** Highest high of the 52 weeks up to the latest candle, counting today's live high; null without candles. */
  high52Week: number | null;
  low52Week: number | null;
  /** Foreign holding ratio (0..1) of the latest investor row; null when unknown. */
  foreignRatio: number | null;
};

const DAY_MS = 86_400_000;
/** 52 weeks of calendar days. */
export const WEEKS_52_DAYS = 52 * 7;

/** Day candles within 52 weeks (364 days) before the newest one, inclusive. */
export function candlesWithin52Weeks(candles: readonly DayCandle[]): DayCandle[] {
  let newest = Number.NEGATIVE_INFINITY;
  for (const candle of candles) newest = Math.max(newest, parseDateString(candle.date));
  if (!Number.isFinite(newest)) return [];
  const from = newest - (WEEKS_52_DAYS - 1) * DAY_MS;
  return candles.filter((candle) => parseDateString(candle.date) >= from);
}

/** The 52-week high and low from day candles, widened by today's live high and low. */
export function range52Weeks(
  candles: readonly DayCandle[],
  today?: Pick<Quote, 'high' | 'low'>,
): { high: number | null; low: number | null } {
  const highs: number[] = [];
  const lows: number[] = [];
  for (const candle of candlesWithin52Weeks(candles)) {
    // Suspension days may carry zeros; they are not prices.
    if (candle.high > 0) highs.push(candle.high);
    if (candle.low > 0) lows.push(candle.low);
  }
  if (today && today.high > 0) highs.push(today.high);
  if (today && today.low > 0) lows.push(today.low);
  return {
    high: highs.length > 0 ? Math.max(...highs) : null,
    low: lows.length > 0 ? Math.min(...lows) : null,
  };
}

export function computeKeyFigures({
  quote,
  security,
  dayCandles,
  latestInvestor,
}: {
  quote: Quote;
  security: Pick<Security, 'shares_outstanding'>;
  dayCandles: readonly DayCandle[] | undefined;
  latestInvestor: Investor | null | undefined;
}): KeyFigures {
  const range = dayCandles ? range52Weeks(dayCandles, quote) : { high: null, low: null };
  return {
    open: quote.open,
    high: quote.high,
    low: quote.low,
    previousClose: quote.previous_close,
    upperLimit: quote.upper_limit,
    lowerLimit: quote.lower_limit,
    volume: quote.volume,
    tradingValue: quote.trading_value,
    marketCap: quote.price * security.shares_outstanding,
    high52Week: range.high,
    low52Week: range.low,
    foreignRatio: latestInvestor?.foreign_holding_ratio ?? null,
  };
}
