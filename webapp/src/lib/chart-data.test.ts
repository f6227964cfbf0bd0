// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { dailySeries, intradaySeries } from './candles';
import {
  DEFAULT_CHART_PERIOD,
  candlesForPeriod,
  isRisingCandle,
  parseChartPeriod,
  parseDateString,
  toChartLibraryTime,
} from './chart-data';

const day = (date: string, close = 100, volume = 10) => ({
  date,
  open: 100,
  high: Math.max(100, close),
  low: Math.min(100, close),
  close,
  volume,
});

describe('parseChartPeriod', () => {
  it('reads the known periods and falls back to 1일', () => {
    expect(parseChartPeriod('1d')).toBe('1d');
    expect(parseChartPeriod('3m')).toBe('3m');
    expect(parseChartPeriod('1y')).toBe('1y');
    expect(parseChartPeriod('5y')).toBe(DEFAULT_CHART_PERIOD);
    expect(parseChartPeriod(null)).toBe('1d');
    expect(parseChartPeriod('')).toBe('1d');
  });
});

describe('candlesForPeriod', () => {
  const candles = [day('2026-05-08'), day('2026-05-04'), day('2026-05-01'), day('2026-04-08'), day('2026-02-07')];

  it('keeps the days of the period before the newest candle, oldest first', () => {
    expect(candlesForPeriod(candles, '1w').map((c) => c.date)).toEqual(['2026-05-04', '2026-05-08']);
    expect(candlesForPeriod(candles, '1m').map((c) => c.date)).toEqual([
      '2026-04-08',
      '2026-05-01',
      '2026-05-04',
      '2026-05-08',
    ]);
    expect(candlesForPeriod(candles, '3m')).toHaveLength(5);
    expect(candlesForPeriod([], '1y')).toEqual([]);
  });
});

describe('chart times', () => {
  it('keeps dates and shifts instants to Korea time in seconds', () => {
    expect(toChartLibraryTime('2026-05-08')).toBe('2026-05-08');
    // 00:00 UTC is 09:00 in Seoul: the chart (which shows UTC) must show 09:00.
    expect(toChartLibraryTime(Date.UTC(2026, 4, 8, 0, 0))).toBe(Date.UTC(2026, 4, 8, 9, 0) / 1000);
    expect(parseDateString('2026-05-08')).toBe(Date.UTC(2026, 4, 8));
    expect(parseDateString('20260508')).toBeNaN();
  });
});

describe('series', () => {
  it('colours candles KRX style: close at or above open rises', () => {
    expect(isRisingCandle({ open: 100, close: 101 })).toBe(true);
    expect(isRisingCandle({ open: 100, close: 100 })).toBe(true);
    expect(isRisingCandle({ open: 100, close: 99 })).toBe(false);
  });

  it('builds the intraday line oldest first with volume directions', () => {
    const series = intradaySeries(
      [
        { time: 2_000, open: 101, close: 100, volume: 5 },
        { time: 1_000, open: 100, close: 101, volume: 7 },
      ],
      99,
    );
    expect(series).toEqual({
      type: 'line',
      points: [
        { time: 1_000, value: 101 },
        { time: 2_000, value: 100 },
      ],
      volumes: [
        { time: 1_000, value: 7, rising: true },
        { time: 2_000, value: 5, rising: false },
      ],
      baseline: 99,
    });
    expect(intradaySeries([], 99, { showVolume: false })).toMatchObject({ volumes: undefined });
  });

  it('builds daily candles, flattening suspension days and hiding unknown volume', () => {
    const series = dailySeries(
      [day('2026-05-08', 110, 0), { date: '2026-05-07', open: 0, high: 0, low: 0, close: 100, volume: 0 }],
      '1w',
    );
    expect(series).toEqual({
      type: 'candles',
      candles: [
        { time: '2026-05-07', open: 100, high: 100, low: 100, close: 100, volume: 0 },
        { time: '2026-05-08', open: 100, high: 110, low: 100, close: 110, volume: 0 },
      ],
      showVolume: false,
    });
    expect(dailySeries([day('2026-05-08', 110, 5)], '1w')).toMatchObject({ showVolume: true });
  });
});
