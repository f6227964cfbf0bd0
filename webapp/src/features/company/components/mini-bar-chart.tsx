import { formatNumber } from '@/lib/format';

import './mini-bar-chart.css';

type MiniBarChartProps = {
  title: string;
  /** Oldest first, drawn left to right. */
  bars: readonly { label: string; value: number }[];
  /** Divides values for the labels (e.g. 1e8 for 억원). */
  unit: number;
};

const WIDTH = 300;
const HEIGHT = 96;
const LABEL_SPACE = 14;

/** A small bar chart of one statement line over the periods; losses hang below the zero line in blue. */
export function MiniBarChart({ title, bars, unit }: MiniBarChartProps) {
  const values = bars.map((bar) => bar.value);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const plot = HEIGHT - LABEL_SPACE * 2;
  const zeroY = LABEL_SPACE + (max / span) * plot;
  const slot = WIDTH / Math.max(bars.length, 1);
  const barWidth = Math.min(28, slot * 0.6);
  const latest = bars.at(-1);

  return (
    <figure className="mini-bar-chart">
      <figcaption className="mini-bar-chart__title">
        <span>{title}</span>
        {latest ? <strong>{formatNumber(Math.round(latest.value / unit))}</strong> : null}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title} 추이`} preserveAspectRatio="none">
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="mini-bar-chart__axis" />
        {bars.map((bar, index) => {
          const height = (Math.abs(bar.value) / span) * plot;
          const x = index * slot + (slot - barWidth) / 2;
          const y = bar.value >= 0 ? zeroY - height : zeroY;
          return (
            <rect
              key={bar.label}
              x={x}
              y={y}
              width={barWidth}
              height={Math.max(height, 1)}
              rx={2}
              className={bar.value >= 0 ? 'mini-bar-chart__bar' : 'mini-bar-chart__bar mini-bar-chart__bar--negative'}
            >
              <title>{`${bar.label}: ${formatNumber(Math.round(bar.value / unit))}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mini-bar-chart__labels" aria-hidden="true">
        {bars.map((bar) => (
          <span key={bar.label}>{bar.label}</span>
        ))}
      </div>
    </figure>
  );
}
