// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { DayCandle } from '@/features/charts/types';
import type { Investor } from '@/features/company/types';
import { createQuote, createSecurity } from '@/testing/data-generators';

import { candlesWithin52Weeks, computeKeyFigures, range52Weeks } from './key-figures';

function candle(date: string, high: number, low: number): DayCandle {
  return { date, open: low, high, low, close: high, volume: 1_000, trading_value: 1_000 * high };
}

function investor(date: string, ratio: number): Investor {
  return {
    date,
    close: 70_000,
    change_rate: 0,
    individual: 10,
    foreign: -4,
    institution: -6,
    foreign_holding_ratio: ratio,
  };
}

describe('52-week range', () => {
  // Newest first, as the API sends them.
  const candles = [
    candle('2026-05-08', 72_000, 70_000),
    candle('2026-01-15', 80_000, 65_000),
    candle('2025-05-11', 90_000, 60_000), // 362 days before the newest: inside
    candle('2025-05-09', 99_000, 40_000), // 364 days before: outside 52 weeks
  ];

  it('keeps only the candles of the 52 weeks up to the newest one', () => {
    expect(candlesWithin52Weeks(candles).map((c) => c.date)).toEqual(['2026-05-08', '2026-01-15', '2025-05-11']);
    expect(candlesWithin52Weeks([])).toEqual([]);
  });

  it('takes the highest high and lowest low, widened by the live day', () => {
    expect(range52Weeks(candles)).toEqual({ high: 90_000, low: 60_000 });
    expect(range52Weeks(candles, { high: 91_000, low: 59_000 })).toEqual({ high: 91_000, low: 59_000 });
  });

  it('ignores zero prices of suspension days', () => {
    expect(range52Weeks([candle('2026-05-08', 72_000, 70_000), candle('2026-05-07', 0, 0)])).toEqual({
      high: 72_000,
      low: 70_000,
    });
    expect(range52Weeks([])).toEqual({ high: null, low: null });
  });
});

describe('computeKeyFigures', () => {
  const quote = createQuote({ price: 72_300, high: 72_800, low: 71_200 });
  const security = createSecurity({ shares_outstanding: 5_969_782_550 });

  it('computes market cap from the live price and the shares outstanding', () => {
    const figures = computeKeyFigures({ quote, security, dayCandles: [], latestInvestor: null });
    expect(figures.marketCap).toBe(72_300 * 5_969_782_550);
    expect(figures.open).toBe(quote.open);
    expect(figures.previousClose).toBe(quote.previous_close);
    expect(figures.upperLimit).toBe(quote.upper_limit);
    expect(figures.lowerLimit).toBe(quote.lower_limit);
    expect(figures.volume).toBe(quote.volume);
    expect(figures.tradingValue).toBe(quote.trading_value);
  });

  it('follows the price: a new quote gives a new market cap', () => {
    const next = computeKeyFigures({
      quote: createQuote({ price: 80_000 }),
      security,
      dayCandles: undefined,
      latestInvestor: undefined,
    });
    expect(next.marketCap).toBe(80_000 * 5_969_782_550);
  });

  it('takes the 52-week range from the candles and the live day', () => {
    const figures = computeKeyFigures({
      quote,
      security,
      dayCandles: [candle('2026-05-07', 75_000, 68_000), candle('2026-05-06', 74_000, 69_000)],
      latestInvestor: null,
    });
    expect(figures.high52Week).toBe(75_000);
    expect(figures.low52Week).toBe(68_000);
  });

  it('has no 52-week range before the candles load', () => {
    const figures = computeKeyFigures({ quote, security, dayCandles: undefined, latestInvestor: null });
    expect(figures.high52Week).toBeNull();
    expect(figures.low52Week).toBeNull();
  });

  it('takes the foreign ratio from the latest investor row', () => {
    const figures = computeKeyFigures({
      quote,
      security,
      dayCandles: [],
      latestInvestor: investor('2026-05-08', 0.5123),
    });
    expect(figures.foreignRatio).toBe(0.5123);
    expect(computeKeyFigures({ quote, security, dayCandles: [], latestInvestor: null }).foreignRatio).toBeNull();
  });
});
