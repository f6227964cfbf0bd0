// Turning API candles into chart series.
import {
  candlesForPeriod,
  type ChartPeriod,
  type ChartSeriesData,
} from '@/lib/chart-data';

type MinuteCandleLike = { time: number; open: number; close: number; volume: number };
type DayCandleLike = { date: string; open: number; high: number; low: number; close: number; volume: number };

/** The intraday line (closes of each minute) with volume bars, against the previous close. */
export function intradaySeries(
  minutes: readonly MinuteCandleLike[],
  previousClose: number | undefined,
  { showVolume = true }: { showVolume?: boolean } = {},
): ChartSeriesData {
  const sorted = [...minutes].sort((a, b) => a.time - b.time);
  return {
    type: 'line',
    points: sorted.map((m) => ({ time: m.time, value: m.close })),
    volumes: showVolume
      ? sorted.map((m) => ({ time: m.time, value: m.volume, rising: m.close >= m.open }))
      : undefined,
    baseline: previousClose,
  };
}

/** Daily candles of a period, oldest first; volume only when some day has one. */
export function dailySeries(candles: readonly DayCandleLike[], period: Exclude<ChartPeriod, '1d'>): ChartSeriesData {
  const window = candlesForPeriod(candles, period);
  return {
    type: 'candles',
    // Suspension days may carry zero open/high/low (Naver's convention): draw them flat at the close.
    candles: window
      .filter((c) => c.close > 0)
      .map((c) => ({
        time: c.date,
        open: c.open > 0 ? c.open : c.close,
        high: c.high > 0 ? c.high : c.close,
        low: c.low > 0 ? c.low : c.close,
        close: c.close,
        volume: c.volume,
      })),
    showVolume: window.some((c) => c.volume > 0),
  };
}
