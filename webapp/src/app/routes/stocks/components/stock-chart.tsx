import { useMemo } from 'react';

import { ChartBody } from '@/components/charts/chart-body';
import { ChartPeriodToggle, useChartPeriod } from '@/components/charts/chart-period-toggle';
import { openModal } from '@/components/modals/modal-store';
import { Section } from '@/components/ui/section';
import { dailySeries, intradaySeries } from '@/lib/candles';
import { CHART_PERIODS, CHART_PERIOD_LABELS, DAY_CANDLES_FOR_CHART, type ChartMarker } from '@/lib/chart-data';
import { formatSignedPercent } from '@/lib/format';

import { moveTimeLabel } from '@/app/stocks/move-labels';
import { useDayCandles } from '@/features/charts/api/get-day-candles';
import { useMinuteCandles } from '@/features/charts/api/get-minute-candles';
import { useMoves } from '@/features/charts/api/get-moves';
import type { Move } from '@/features/charts/types';
import { useSecurity } from '@/features/securities/api/get-security';

const CHART_HEIGHT = 260;

type StockChartProps = {
  securityId: string;
};

/** The ▲/▼ marker of a move: at its last minute (or its day) and the price it reached. */
export function moveMarker(move: Move, index: number, intraday: boolean): ChartMarker {
  const rising = move.change_rate > 0;
  const change = formatSignedPercent(move.change_rate / 100);
  return {
    id: String(index),
    time: intraday ? move.end : move.date,
    price: move.to_price,
    rising,
    label: `${moveTimeLabel(move, intraday)} ${change} ${rising ? '급등' : '급락'} 이유 보기`,
  };
}

/**
 * 차트: the intraday line (refreshing) or daily candles of a period, with volume, and the
 * period's largest moves as ▲/▼ markers that open "왜 움직였을까?". It composes charts with
 * securities (the name for its label, the previous close as the intraday baseline), so it
 * lives with the screen.
 */
export function StockChart({ securityId }: StockChartProps) {
  const [period, setPeriod] = useChartPeriod();
  const isIntraday = period === '1d';
  const securityQuery = useSecurity(securityId);
  const minutesQuery = useMinuteCandles(securityId, { enabled: isIntraday });
  const daysQuery = useDayCandles(securityId, DAY_CANDLES_FOR_CHART);
  const name = securityQuery.data?.security.name ?? '';
  const query = isIntraday ? minutesQuery : daysQuery;

  // Series objects keep their identity until their data changes, so live
  // quotes re-rendering this component do not redraw (and re-zoom) the chart.
  const minutes = minutesQuery.data?.minute_candles;
  const previousClose = securityQuery.data?.quote.previous_close;
  const days = daysQuery.data?.day_candles;
  const series = useMemo(() => {
    if (period === '1d') return minutes && minutes.length > 0 ? intradaySeries(minutes, previousClose) : null;
    return days ? dailySeries(days, period) : null;
  }, [period, minutes, previousClose, days]);

  const movesQuery = useMoves(securityId, period);
  const moves = movesQuery.data?.moves;
  const markers = useMemo(() => (moves ?? []).map((move, i) => moveMarker(move, i, isIntraday)), [moves, isIntraday]);
  const onMarker = (id: string) => {
    const move = moves?.[Number(id)];
    if (move) openModal({ type: 'moveReasons', props: { securityId, name, intraday: isIntraday, move } });
  };

  const label = isIntraday ? `${name} 오늘 분 단위 차트` : `${name} ${CHART_PERIOD_LABELS[period]} 일봉 차트`;
  return (
    <Section title="차트" testId="stock-chart">
      <ChartPeriodToggle periods={CHART_PERIODS} value={period} onChange={setPeriod} />
      <ChartBody
        height={CHART_HEIGHT}
        failed={query.isError && query.data === undefined}
        onRetry={() => void query.refetch()}
        loading={isIntraday ? !minutes : !days}
        series={series}
        emptyMessage="오늘 체결된 시세가 아직 없습니다."
        label={label}
        markers={markers}
        onMarker={onMarker}
      />
    </Section>
  );
}
