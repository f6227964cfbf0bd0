import { Suspense, lazy } from 'react';

import type { ChartSeriesData } from '@/lib/chart-data';

import './price-chart.css';

// The chart library is big: it loads with the first chart, not with the app.
const PriceChartCanvas = lazy(() => import('./price-chart-canvas'));

type PriceChartProps = {
  data: ChartSeriesData;
  /** Accessible description, e.g. `삼성전자 1개월 일봉 차트`. */
  label: string;
  height?: number;
  precision?: number;
};

/** A price chart (intraday line or daily candles, with volume), KRX colours. */
export function PriceChart({ data, label, height = 240, precision = 0 }: PriceChartProps) {
  return (
    <figure className="price-chart" aria-label={label} data-testid="price-chart" data-chart-type={data.type}>
      <Suspense fallback={<div className="price-chart__placeholder" style={{ height }} />}>
        <PriceChartCanvas data={data} height={height} precision={precision} />
      </Suspense>
    </figure>
  );
}
