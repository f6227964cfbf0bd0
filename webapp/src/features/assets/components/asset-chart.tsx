import { useMemo } from 'react';

import { ChartPeriodToggle, useChartPeriod } from '@/components/charts/chart-period-toggle';
import { ChartBody } from '@/components/charts/chart-body';
import { Section } from '@/components/ui/section';
import { dailySeries, intradaySeries } from '@/lib/candles';
import { CHART_PERIODS, CHART_PERIOD_LABELS, DAY_CANDLES_FOR_CHART, type ChartPeriod } from '@/lib/chart-data';

import { useAssetDayCandles } from '../api/get-asset-day-candles';
import { useAssetMinuteCandles } from '../api/get-asset-minute-candles';
import { useForexChart } from '../api/get-forex-chart';
import type { Asset, ForexChartPeriod } from '../types';

const CHART_HEIGHT = 240;

/** FX charts come in the periods of the forex chart endpoint. */
export const FOREX_CHART_PERIODS: Record<Exclude<ChartPeriod, '3m'>, ForexChartPeriod> = {
  '1d': 'day',
  '1w': 'week',
  '1m': 'month',
  '1y': 'year',
};
const FOREX_PERIODS = ['1d', '1w', '1m', '1y'] as const;

/** Index chart: the intraday line of today's minutes, or daily candles (volume only where known). */
function IndexChart({ asset }: { asset: Asset }) {
  const [period, setPeriod] = useChartPeriod();
  const isIntraday = period === '1d';
  const minutesQuery = useAssetMinuteCandles(asset.asset_id, { enabled: isIntraday });
  const daysQuery = useAssetDayCandles(asset.asset_id, DAY_CANDLES_FOR_CHART, { enabled: !isIntraday });
  const minutes = minutesQuery.data?.minute_candles;
  const days = daysQuery.data?.day_candles;
  const previousClose = asset.previous_close;
  const series = useMemo(() => {
    if (period === '1d') {
      if (!minutes || minutes.length === 0) return null;
      return intradaySeries(minutes, previousClose, { showVolume: minutes.some((m) => m.volume > 0) });
    }
    return days ? dailySeries(days, period) : null;
  }, [period, minutes, previousClose, days]);
  const query = isIntraday ? minutesQuery : daysQuery;

  return (
    <Section title="차트" testId="asset-chart">
      <ChartPeriodToggle periods={CHART_PERIODS} value={period} onChange={setPeriod} />
      <ChartBody
        height={CHART_HEIGHT}
        failed={query.isError && query.data === undefined}
        onRetry={() => void query.refetch()}
        loading={isIntraday ? !minutes : !days}
        series={series}
        emptyMessage="오늘 집계된 값이 아직 없습니다."
        label={`${asset.name} ${CHART_PERIOD_LABELS[period]} 차트`}
        precision={2}
      />
    </Section>
  );
}

/** FX chart: a line of the rate over a day, week, month or year. */
function ForexRateChart({ asset }: { asset: Asset }) {
  const [urlPeriod, setPeriod] = useChartPeriod();
  const period = urlPeriod === '3m' ? '1m' : urlPeriod;
  const chartQuery = useForexChart(asset.asset_id, FOREX_CHART_PERIODS[period]);
  const points = chartQuery.data?.points;
  const previousClose = asset.previous_close;
  const series = useMemo(
    () =>
      points && points.length > 0
        ? {
            type: 'line' as const,
            points: [...points].sort((a, b) => a.time - b.time).map((p) => ({ time: p.time, value: p.value })),
            baseline: period === '1d' ? previousClose : undefined,
          }
        : null,
    [points, period, previousClose],
  );

  return (
    <Section title="차트" testId="asset-chart">
      <ChartPeriodToggle periods={FOREX_PERIODS} value={period} onChange={setPeriod} />
      <ChartBody
        height={CHART_HEIGHT}
        failed={chartQuery.isError && !points}
        onRetry={() => void chartQuery.refetch()}
        loading={!points}
        series={series}
        emptyMessage="표시할 환율이 없습니다."
        label={`${asset.name} ${CHART_PERIOD_LABELS[period]} 차트`}
        precision={2}
      />
    </Section>
  );
}

export function AssetChart({ asset }: { asset: Asset }) {
  return asset.kind === 'FOREX' ? <ForexRateChart asset={asset} /> : <IndexChart asset={asset} />;
}
