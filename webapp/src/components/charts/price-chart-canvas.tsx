// The chart drawing, with lightweight-charts (v5 API). Loaded lazily through
// PriceChart so the library stays out of the entry bundle.
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';

import { isRisingCandle, toChartLibraryTime, type ChartMarker, type ChartSeriesData } from '@/lib/chart-data';
import { formatNumber } from '@/lib/format';

export type PriceChartCanvasProps = {
  data: ChartSeriesData;
  height: number;
  /** Decimal places of prices (0 for KRW stock prices, 2 for indexes and FX). */
  precision: number;
  /** Tappable ▲/▼ buttons over the chart at a time and price each; `onMarker` gets the tapped id. */
  markers?: readonly ChartMarker[];
  onMarker?: (id: string) => void;
};

/** A marker's button where the chart draws its time and price. */
type PlacedMarker = { marker: ChartMarker; x: number; y: number };

/** Markers sit this far above (▲) or below (▼) their price, clear of the line or candle. */
const MARKER_OFFSET = 14;
/** Half a marker button: it stays wholly inside the chart. */
const MARKER_HALF = 12;

type Palette = { rise: string; fall: string; even: string; text: string; grid: string };

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

function readPalette(): Palette {
  return {
    rise: cssColor('--color-rise', '#e22f2f'),
    fall: cssColor('--color-fall', '#1f63e0'),
    even: cssColor('--color-even', '#6b7280'),
    text: cssColor('--color-text-muted', '#6b7684'),
    grid: cssColor('--color-border', '#e5e8eb'),
  };
}

/** `#rrggbb` with an alpha, for volume bars under the price. */
function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return hex;
  const n = Number.parseInt(match[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

const time = (t: string | number) => toChartLibraryTime(t) as Time;

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar parts of a chart time (instants are already shifted to Korea time, so read as UTC). */
function timeParts(value: Time): { y: number; m: number; d: number; hh: number; mm: number } {
  if (typeof value === 'number') {
    const date = new Date(value * 1000);
    return {
      y: date.getUTCFullYear(),
      m: date.getUTCMonth() + 1,
      d: date.getUTCDate(),
      hh: date.getUTCHours(),
      mm: date.getUTCMinutes(),
    };
  }
  if (typeof value === 'string') {
    const [y = 0, m = 0, d = 0] = value.split('-').map(Number);
    return { y, m, d, hh: 0, mm: 0 };
  }
  return { y: value.year, m: value.month, d: value.day, hh: 0, mm: 0 };
}

/** Axis labels in Korean style: `2026`, `5월`, `5.8`, `09:30`. */
function formatTickMark(value: Time, type: TickMarkType): string {
  const { y, m, d, hh, mm } = timeParts(value);
  switch (type) {
    case TickMarkType.Year:
      return String(y);
    case TickMarkType.Month:
      return `${m}월`;
    case TickMarkType.DayOfMonth:
      return `${m}.${d}`;
    default:
      return `${pad(hh)}:${pad(mm)}`;
  }
}

/** The crosshair's time label: `05.08 09:30` for minutes, `2026.05.08` for days. */
function formatCrosshairTime(value: Time): string {
  const { y, m, d, hh, mm } = timeParts(value);
  return typeof value === 'number' ? `${pad(m)}.${pad(d)} ${pad(hh)}:${pad(mm)}` : `${y}.${pad(m)}.${pad(d)}`;
}

/** The price series and volume series of one chart, replaced when the chart's kind changes. */
type Series = { main: ISeriesApi<SeriesType>; volume: ISeriesApi<'Histogram'> | null };

function addSeries(chart: IChartApi, data: ChartSeriesData, precision: number, palette: Palette): Series {
  // Prices on the axis with thousands separators, like everywhere else (spec §9).
  const priceFormat = { type: 'custom' as const, formatter: formatNumber, minMove: 1 / 10 ** precision };
  const main: ISeriesApi<SeriesType> =
    data.type === 'line'
      ? chart.addSeries(LineSeries, { lineWidth: 2, priceFormat, color: palette.even })
      : chart.addSeries(CandlestickSeries, {
          priceFormat,
          upColor: palette.rise,
          downColor: palette.fall,
          borderUpColor: palette.rise,
          borderDownColor: palette.fall,
          wickUpColor: palette.rise,
          wickDownColor: palette.fall,
        });
  const hasVolume = data.type === 'line' ? data.volumes !== undefined : data.showVolume;
  const volume = hasVolume
    ? chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceLineVisible: false }, 1)
    : null;
  if (volume) chart.panes()[1]?.setStretchFactor(0.28);
  return { main, volume };
}

function setSeriesData(series: Series, data: ChartSeriesData, palette: Palette): void {
  if (data.type === 'line') {
    const last = data.points.at(-1)?.value;
    const base = data.baseline;
    const color =
      last === undefined || base === undefined || last === base
        ? palette.even
        : last > base
          ? palette.rise
          : palette.fall;
    series.main.applyOptions({ color });
    (series.main as ISeriesApi<'Line'>).setData(data.points.map((p) => ({ time: time(p.time), value: p.value })));
    for (const line of series.main.priceLines()) series.main.removePriceLine(line);
    if (base !== undefined) {
      series.main.createPriceLine({
        price: base,
        color: palette.even,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: false,
        title: '전일',
      });
    }
    series.volume?.setData(
      (data.volumes ?? []).map((v) => ({
        time: time(v.time),
        value: v.value,
        color: withAlpha(v.rising ? palette.rise : palette.fall, 0.5),
      })),
    );
  } else {
    (series.main as ISeriesApi<'Candlestick'>).setData(
      data.candles.map((c) => ({ time: time(c.time), open: c.open, high: c.high, low: c.low, close: c.close })),
    );
    series.volume?.setData(
      data.candles.map((c) => ({
        time: time(c.time),
        value: c.volume,
        color: withAlpha(isRisingCandle(c) ? palette.rise : palette.fall, 0.5),
      })),
    );
  }
}

/** The markers that fall inside the drawn chart, at their time and price. */
function placeMarkers(
  chart: IChartApi,
  series: Series | null,
  markers: readonly ChartMarker[],
  height: number,
  width: number,
): PlacedMarker[] {
  if (!series) return [];
  const placed: PlacedMarker[] = [];
  for (const marker of markers) {
    const x = chart.timeScale().timeToCoordinate(time(marker.time));
    const y = series.main.priceToCoordinate(marker.price);
    if (x === null || y === null || x < 0 || (width > 0 && x > width)) continue;
    const shifted = marker.rising ? y - MARKER_OFFSET : y + MARKER_OFFSET;
    placed.push({ marker, x, y: Math.min(Math.max(shifted, MARKER_HALF), height - MARKER_HALF) });
  }
  return placed;
}

export default function PriceChartCanvas({ data, height, precision, markers, onMarker }: PriceChartCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; palette: Palette } | null>(null);
  const seriesRef = useRef<Series | null>(null);
  const [placed, setPlaced] = useState<PlacedMarker[]>([]);

  // One chart per mount.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const palette = readPalette();
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: palette.text,
        fontSize: 11,
        panes: { separatorColor: palette.grid },
      },
      localization: { locale: 'ko-KR', timeFormatter: formatCrosshairTime },
      grid: { vertLines: { visible: false }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderVisible: false },
      timeScale: {
        borderVisible: false,
        fixLeftEdge: true,
        fixRightEdge: true,
        tickMarkFormatter: formatTickMark,
      },
      crosshair: { mode: CrosshairMode.Magnet },
      handleScroll: { vertTouchDrag: false },
    });
    chartRef.current = { chart, palette };
    return () => {
      chartRef.current = null;
      seriesRef.current = null;
      chart.remove();
    };
  }, []);

  // The series: rebuilt when the kind of data changes (line ↔ candles, volume or not).
  const shape = data.type === 'line' ? `line:${data.volumes !== undefined}` : `candles:${data.showVolume}`;
  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    const series = addSeries(current.chart, data, precision, current.palette);
    seriesRef.current = series;
    // Minutes need hours on the axis; days do not.
    current.chart.applyOptions({ timeScale: { timeVisible: data.type === 'line' } });
    return () => {
      seriesRef.current = null;
      // On unmount the chart effect's cleanup runs first and has removed the chart with its series.
      if (chartRef.current !== current) return;
      if (series.volume) current.chart.removeSeries(series.volume);
      current.chart.removeSeries(series.main);
    };
    // Only the shape and precision decide the series; data changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, precision]);

  useEffect(() => {
    const current = chartRef.current;
    const series = seriesRef.current;
    if (!current || !series) return;
    setSeriesData(series, data, current.palette);
    current.chart.timeScale().fitContent();
  }, [data, shape, precision]);

  // Where each marker is drawn: placed once the chart has laid the data out, and again
  // whenever the visible range or the size changes (scrolling, zooming, rotating).
  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    const scale = current.chart.timeScale();
    const update = () => {
      const width = containerRef.current?.clientWidth ?? 0;
      setPlaced(placeMarkers(current.chart, seriesRef.current, markers ?? [], height, width));
    };
    scale.subscribeVisibleLogicalRangeChange(update);
    scale.subscribeSizeChange(update);
    const frame = requestAnimationFrame(update);
    return () => {
      cancelAnimationFrame(frame);
      // On unmount the chart effect's cleanup has removed the chart already.
      if (chartRef.current !== current) return;
      scale.unsubscribeVisibleLogicalRangeChange(update);
      scale.unsubscribeSizeChange(update);
    };
  }, [markers, height, data, shape, precision]);

  return (
    <div className="price-chart__stage" style={{ height }}>
      <div ref={containerRef} className="price-chart__canvas" style={{ height }} />
      {placed.map(({ marker, x, y }) => (
        <button
          key={marker.id}
          type="button"
          className={`price-chart__marker price-chart__marker--${marker.rising ? 'rise' : 'fall'}`}
          style={{ left: x - MARKER_HALF, top: y - MARKER_HALF }}
          aria-label={marker.label}
          data-testid="move-marker"
          onClick={() => onMarker?.(marker.id)}
        >
          {marker.rising ? '▲' : '▼'}
        </button>
      ))}
    </div>
  );
}
