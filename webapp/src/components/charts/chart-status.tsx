import type { ReactNode } from 'react';

/** A box of the chart's height with a short text (loading, no data, error). */
export function ChartStatus({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div className="chart-status" style={{ height }} data-testid="chart-status">
      {children}
    </div>
  );
}
