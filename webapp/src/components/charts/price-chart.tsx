import { Suspense, lazy, useEffect, useState } from 'react';

import type { ChartMarker, ChartSeriesData } from '@/lib/chart-data';

import './price-chart.css';

// The chart library is big (about 55 kB gzip): it loads with the first chart, not with the
// app, and only once that chart's box has been painted, so it never competes with what the
// page shows first (the price header is the stock page's largest paint).
let canvasLoaded = false;
const PriceChartCanvas = lazy(() =>
  import('./price-chart-canvas').then((module) => {
    canvasLoaded = true;
    return module;
  }),
);

/** False until the frame after the first one this component is in has been painted. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(canvasLoaded);
  useEffect(() => {
    if (painted) return;
    // A frame callback runs just before the next paint; a task it queues runs after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

type PriceChartProps = {
  data: ChartSeriesData;
  /** Accessible description, e.g. `삼성전자 1개월 일봉 차트`. */
  label: string;
  height?: number;
  precision?: number;
  /** Tappable ▲/▼ markers drawn over the chart (see ChartMarker). */
  markers?: readonly ChartMarker[];
  onMarker?: (id: string) => void;
};

/** A price chart (intraday line or daily candles, with volume), KRX colours. */
export function PriceChart({ data, label, height = 240, precision = 0, markers, onMarker }: PriceChartProps) {
  const painted = usePainted();
  // The same box before and after the library arrives: nothing moves when it draws.
  const placeholder = <div className="price-chart__placeholder" style={{ height }} />;
  return (
    <figure className="price-chart" aria-label={label} data-testid="price-chart" data-chart-type={data.type}>
      {painted ? (
        <Suspense fallback={placeholder}>
          <PriceChartCanvas
            data={data}
            height={height}
            precision={precision}
            markers={markers}
            onMarker={onMarker}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </figure>
  );
}
