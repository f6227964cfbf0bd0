import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ChartSeriesData } from '@/lib/chart-data';

// A stand-in for lightweight-charts (jsdom has no canvas) that, like the real
// library, fails when a series is removed from a chart that was removed.
const calls: string[] = [];
vi.mock('lightweight-charts', () => {
  const series = (type: string) => ({
    type,
    setData: vi.fn((data: unknown[]) => calls.push(`${type}.setData(${data.length})`)),
    applyOptions: vi.fn(),
    priceLines: () => [],
    removePriceLine: vi.fn(),
    createPriceLine: vi.fn(),
  });
  return {
    CandlestickSeries: 'Candlestick',
    HistogramSeries: 'Histogram',
    LineSeries: 'Line',
    ColorType: { Solid: 'solid' },
    CrosshairMode: { Magnet: 1 },
    LineStyle: { Dashed: 2 },
    TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
    createChart: () => {
      let removed = false;
      return {
        addSeries: (type: string, _options: unknown, pane?: number) => {
          calls.push(`add ${type}${pane ? ` pane ${pane}` : ''}`);
          return series(type);
        },
        removeSeries: (s: { type: string }) => {
          if (removed) throw new Error('Value is undefined');
          calls.push(`remove ${s.type}`);
        },
        panes: () => [{ setStretchFactor: vi.fn() }, { setStretchFactor: vi.fn() }],
        applyOptions: vi.fn(),
        timeScale: () => ({ fitContent: vi.fn() }),
        remove: () => {
          removed = true;
          calls.push('remove chart');
        },
      };
    },
  };
});

const { default: PriceChartCanvas } = await import('./price-chart-canvas');

const line: ChartSeriesData = {
  type: 'line',
  points: [
    { time: 1_000, value: 10 },
    { time: 61_000, value: 11 },
  ],
  volumes: [
    { time: 1_000, value: 5, rising: true },
    { time: 61_000, value: 6, rising: true },
  ],
  baseline: 10,
};
const candles: ChartSeriesData = {
  type: 'candles',
  candles: [{ time: '2026-05-08', open: 1, high: 2, low: 1, close: 2, volume: 3 }],
  showVolume: true,
};

describe('PriceChartCanvas', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('draws a price series with volume in a second pane', () => {
    render(<PriceChartCanvas data={line} height={200} precision={0} />);
    expect(calls).toEqual(['add Line', 'add Histogram pane 1', 'Line.setData(2)', 'Histogram.setData(2)']);
  });

  it('swaps series when the kind of data changes, keeping the chart', () => {
    const view = render(<PriceChartCanvas data={line} height={200} precision={0} />);
    calls.length = 0;
    view.rerender(<PriceChartCanvas data={candles} height={200} precision={0} />);
    expect(calls).toEqual([
      'remove Histogram',
      'remove Line',
      'add Candlestick',
      'add Histogram pane 1',
      'Candlestick.setData(1)',
      'Histogram.setData(1)',
    ]);
  });

  it('only sets new data when the same kind of data changes', () => {
    const view = render(<PriceChartCanvas data={line} height={200} precision={0} />);
    calls.length = 0;
    view.rerender(<PriceChartCanvas data={{ ...line, points: [...line.points] }} height={200} precision={0} />);
    expect(calls).toEqual(['Line.setData(2)', 'Histogram.setData(2)']);
  });

  it('unmounts without touching the removed chart', () => {
    const view = render(<PriceChartCanvas data={candles} height={200} precision={0} />);
    calls.length = 0;
    expect(() => view.unmount()).not.toThrow();
    expect(calls).toEqual(['remove chart']);
  });
});
