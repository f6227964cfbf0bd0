import type { ChartMarker, ChartSeriesData } from '@/lib/chart-data';

import { ChartStatus } from './chart-status';
import { PriceChart } from './price-chart';

type ChartBodyProps = {
  height: number;
  /** The first load failed (nothing to show): the error with a retry button. */
  failed: boolean;
  onRetry: () => void;
  /** Nothing loaded yet. */
  loading: boolean;
  /** What to draw, or null when the loaded data has nothing to draw. */
  series: ChartSeriesData | null;
  /** Shown when the loaded data has nothing to draw, e.g. before the first trade of the day. */
  emptyMessage: string;
  /** Accessible description of the drawn chart. */
  label: string;
  precision?: number;
  /** Tappable markers over the drawn chart, and what a tap does. */
  markers?: readonly ChartMarker[];
  onMarker?: (id: string) => void;
};

/** A chart's box in one of its states: failed, loading, empty or drawn. */
export function ChartBody({
  height,
  failed,
  onRetry,
  loading,
  series,
  emptyMessage,
  label,
  precision,
  markers,
  onMarker,
}: ChartBodyProps) {
  if (failed) {
    return (
      <ChartStatus height={height}>
        <span>차트를 불러오지 못했습니다.</span>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          다시 시도
        </button>
      </ChartStatus>
    );
  }
  if (loading) return <ChartStatus height={height}>불러오는 중…</ChartStatus>;
  if (!series) return <ChartStatus height={height}>{emptyMessage}</ChartStatus>;
  return (
    <PriceChart
      label={label}
      height={height}
      precision={precision}
      data={series}
      markers={markers}
      onMarker={onMarker}
    />
  );
}
