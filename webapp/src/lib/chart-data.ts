// Chart data in the app's terms (dates `YYYY-MM-DD`, instants in epoch ms),
// chart periods and their URL form, and the period windows over day candles.
// The drawing itself lives in components/charts (lazy-loaded).

/** A time on the chart: a trading date `YYYY-MM-DD` or an instant in epoch milliseconds. */
export type ChartTime = string | number;

export type ChartCandle = {
  time: ChartTime;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

export type ChartPoint = { time: ChartTime; value: number };

/** What a chart shows: a price line (intraday) or daily candles, each with optional volume bars. */
export type ChartSeriesData =
  | {
      type: 'line';
      points: ChartPoint[];
      /** Volume bars with the direction of their minute (omit for none). */
      volumes?: { time: ChartTime; value: number; rising: boolean }[];
      /** The previous close: the line is red above it and blue below it, and it is drawn as a dashed line. */
      baseline?: number;
    }
  | { type: 'candles'; candles: ChartCandle[]; showVolume: boolean };

/**
 * A tappable marker on a chart (the "why it moved" moves): a ▲ or ▼ button at a time and a
 * price of the drawn series.
 */
export type ChartMarker = {
  id: string;
  time: ChartTime;
  price: number;
  rising: boolean;
  /** Accessible name of the button, e.g. `10:32 +2.15% 급등 이유 보기`. */
  label: string;
};

export const CHART_PERIODS = ['1d', '1w', '1m', '3m', '1y'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const CHART_PERIOD_LABELS: Record<ChartPeriod, string> = {
  '1d': '1일',
  '1w': '1주',
  '1m': '1개월',
  '3m': '3개월',
  '1y': '1년',
};

export const DEFAULT_CHART_PERIOD: ChartPeriod = '1d';

/** Search parameter that holds the chart period (`?chart=3m`). */
export const CHART_PERIOD_PARAM = 'chart';

/** The chart period of a URL search value; unknown or missing values give the default (1일). */
export function parseChartPeriod(value: string | null | undefined): ChartPeriod {
  return CHART_PERIODS.find((period) => period === value) ?? DEFAULT_CHART_PERIOD;
}

/** Calendar days each daily period looks back from the latest candle. */
const PERIOD_DAYS: Record<Exclude<ChartPeriod, '1d'>, number> = {
  '1w': 7,
  '1m': 31,
  '3m': 92,
  '1y': 365,
};

/** Day candles needed to draw the longest period (a year of trading days, with room to spare). */
export const DAY_CANDLES_FOR_CHART = 260;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` → epoch ms at UTC midnight (NaN when malformed). */
export function parseDateString(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * The candles of a daily period, oldest first: those dated within the
 * period's days before the newest candle (inclusive). Input may be in any order.
 */
export function candlesForPeriod<T extends { date: string }>(
  candles: readonly T[],
  period: Exclude<ChartPeriod, '1d'>,
): T[] {
  const sorted = [...candles].sort((a, b) => a.date.localeCompare(b.date));
  const latest = sorted.at(-1);
  if (!latest) return [];
  const from = parseDateString(latest.date) - (PERIOD_DAYS[period] - 1) * DAY_MS;
  return sorted.filter((candle) => parseDateString(candle.date) >= from);
}

/** Korea is UTC+9 all year; the chart shows its time axis in UTC, so instants are shifted. */
const KOREA_OFFSET_SECONDS = 9 * 3600;

/** The chart library's time of a ChartTime: dates stay strings, instants become shifted UTC seconds. */
export function toChartLibraryTime(time: ChartTime): string | number {
  if (typeof time === 'string') return time;
  return Math.floor(time / 1000) + KOREA_OFFSET_SECONDS;
}

/** A candle rises (red) when it closes at or above its open, as KRX charts draw it. */
export function isRisingCandle(candle: Pick<ChartCandle, 'open' | 'close'>): boolean {
  return candle.close >= candle.open;
}
