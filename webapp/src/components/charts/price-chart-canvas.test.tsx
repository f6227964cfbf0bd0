import { fireEvent, render, screen } from '@testing-library/react';
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
    // Prices map to y = 1000 - price.
    priceToCoordinate: (price: number) => 1000 - price,
  });
  // Dates map to x = 10 × their day of month; instants are off the scale.
  const timeToCoordinate = (t: string | number) => (typeof t === 'string' ? Number(t.slice(8)) * 10 : null);
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
        timeScale: () => ({
          fitContent: vi.fn(),
          timeToCoordinate,
          subscribeVisibleLogicalRangeChange: vi.fn(),
          unsubscribeVisibleLogicalRangeChange: vi.fn(),
          subscribeSizeChange: vi.fn(),
          unsubscribeSizeChange: vi.fn(),
        }),
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

  it('places tappable move markers at their time and price, and only those drawn', async () => {
    const onMarker = vi.fn();
    const markers = [
      { id: '0', time: '2026-05-08', price: 900, rising: true, label: '2026.05.08 +4.25% 급등 이유 보기' },
      { id: '1', time: '2026-05-07', price: 990, rising: false, label: '2026.05.07 -3.10% 급락 이유 보기' },
      // Not on the chart's time scale: no button.
      { id: '2', time: 123, price: 950, rising: true, label: '없는 시각' },
    ];
    render(<PriceChartCanvas data={candles} height={200} precision={0} markers={markers} onMarker={onMarker} />);
    const rise = await screen.findByRole('button', { name: '2026.05.08 +4.25% 급등 이유 보기' });
    // x = 80, y = 100 lifted 14 px above the price; a button is 24 px wide.
    expect([rise.style.left, rise.style.top, rise.textContent]).toEqual(['68px', '74px', '▲']);
    const fall = screen.getByRole('button', { name: '2026.05.07 -3.10% 급락 이유 보기' });
    // y = 10, 14 px below, within the chart's 200 px.
    expect([fall.style.left, fall.style.top, fall.textContent]).toEqual(['58px', '12px', '▼']);
    expect(screen.queryByRole('button', { name: '없는 시각' })).toBeNull();
    fireEvent.click(fall);
    expect(onMarker).toHaveBeenCalledWith('1');
  });

  it('unmounts without touching the removed chart', () => {
    const view = render(<PriceChartCanvas data={candles} height={200} precision={0} />);
    calls.length = 0;
    expect(() => view.unmount()).not.toThrow();
    expect(calls).toEqual(['remove chart']);
  });
});
