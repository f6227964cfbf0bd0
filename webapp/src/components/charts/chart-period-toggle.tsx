import { useSearchParams } from 'react-router';

import {
  CHART_PERIOD_LABELS,
  CHART_PERIOD_PARAM,
  parseChartPeriod,
  type ChartPeriod,
} from '@/lib/chart-data';

import './chart-period-toggle.css';

/**
 * The chart period kept in the URL (`?chart=3m`), so reload and sharing keep
 * it. Changing it replaces the history entry: periods are views of one tab.
 */
export function useChartPeriod(): [ChartPeriod, (period: ChartPeriod) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = parseChartPeriod(searchParams.get(CHART_PERIOD_PARAM));
  const setPeriod = (next: ChartPeriod) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        updated.set(CHART_PERIOD_PARAM, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [period, setPeriod];
}

type ChartPeriodToggleProps = {
  periods: readonly ChartPeriod[];
  value: ChartPeriod;
  onChange: (period: ChartPeriod) => void;
};

/** 1일 / 1주 / 1개월 / 3개월 / 1년 buttons above a chart. */
export function ChartPeriodToggle({ periods, value, onChange }: ChartPeriodToggleProps) {
  return (
    <div className="chart-periods" role="group" aria-label="차트 기간">
      {periods.map((period) => (
        <button
          key={period}
          type="button"
          className={period === value ? 'chart-periods__item chart-periods__item--active' : 'chart-periods__item'}
          aria-pressed={period === value}
          onClick={() => onChange(period)}
        >
          {CHART_PERIOD_LABELS[period]}
        </button>
      ))}
    </div>
  );
}
