import { LoadError } from '@/components/ui/load-error';
import { SampleDataBadge } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { getSignClassName } from '@/lib/change-display';
import { DAY_CANDLES_FOR_CHART } from '@/lib/chart-data';
import { formatKoreanAmount, formatNumber, formatPercent } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';

import { useDayCandles } from '@/features/charts/api/get-day-candles';
import { useLatestInvestor } from '@/features/company/api/get-investors';
import { useSecurity } from '@/features/securities/api/get-security';

import { computeKeyFigures } from '../utils/key-figures';

import './key-figures.css';

type KeyFiguresProps = {
  securityId: string;
};

type Row = { label: string; value: string; testId: string; className?: string; sample?: boolean };

/**
 * 주요 시세: open, high, low, previous close, price limits, volume, value, market cap,
 * 52-week range, foreign ratio. Composes securities, charts (52 weeks of candles) and
 * company (the latest investor row), so it lives with the screen.
 */
export function KeyFigures({ securityId }: KeyFiguresProps) {
  const securityQuery = useSecurity(securityId);
  const candlesQuery = useDayCandles(securityId, DAY_CANDLES_FOR_CHART);
  const investorQuery = useLatestInvestor(securityId);
  // The prerendered stock page (src/prerender/) has these figures loading: the security the
  // gateway fills in is for the header only, so this part shows it once hydrated.
  const hydrated = useHydrated();

  if (hydrated && securityQuery.isError) {
    return (
      <Section title="주요 시세">
        <LoadError error={securityQuery.error} onRetry={() => void securityQuery.refetch()} />
      </Section>
    );
  }
  if (!securityQuery.data || !hydrated) {
    return (
      <Section title="주요 시세">
        <p className="loading" role="status">
          불러오는 중…
        </p>
      </Section>
    );
  }

  const { quote, security } = securityQuery.data;
  const figures = computeKeyFigures({
    quote,
    security,
    dayCandles: candlesQuery.data?.day_candles,
    latestInvestor: investorQuery.data,
  });
  const versusPrevious = (value: number) => getSignClassName(value - figures.previousClose);
  const pendingText = (pending: boolean) => (pending ? '…' : '-');

  const rows: Row[] = [
    { label: '시가', value: formatNumber(figures.open), testId: 'open', className: versusPrevious(figures.open) },
    { label: '고가', value: formatNumber(figures.high), testId: 'high', className: versusPrevious(figures.high) },
    { label: '저가', value: formatNumber(figures.low), testId: 'low', className: versusPrevious(figures.low) },
    { label: '전일 종가', value: formatNumber(figures.previousClose), testId: 'previous-close' },
    { label: '상한가', value: formatNumber(figures.upperLimit), testId: 'upper-limit', className: 'change--rise' },
    { label: '하한가', value: formatNumber(figures.lowerLimit), testId: 'lower-limit', className: 'change--fall' },
    { label: '거래량', value: formatNumber(figures.volume), testId: 'volume' },
    { label: '거래대금', value: formatKoreanAmount(figures.tradingValue), testId: 'trading-value' },
    { label: '시가총액', value: formatKoreanAmount(figures.marketCap), testId: 'market-cap' },
    {
      label: '52주 최고',
      value: figures.high52Week === null ? pendingText(candlesQuery.isPending) : formatNumber(figures.high52Week),
      testId: 'high-52-week',
    },
    {
      label: '52주 최저',
      value: figures.low52Week === null ? pendingText(candlesQuery.isPending) : formatNumber(figures.low52Week),
      testId: 'low-52-week',
    },
    {
      label: '외국인 비율',
      value: figures.foreignRatio === null ? pendingText(investorQuery.isPending) : formatPercent(figures.foreignRatio),
      testId: 'foreign-ratio',
      sample: true,
    },
  ];

  return (
    <Section title="주요 시세" testId="key-figures">
      <dl className="key-figures">
        {rows.map((row) => (
          <div key={row.testId} className="key-figures__item">
            <dt className="key-figures__label">
              {row.label}
              {row.sample ? <sup aria-hidden="true">*</sup> : null}
            </dt>
            <dd className={['key-figures__value', row.className].filter(Boolean).join(' ')} data-testid={`figure-${row.testId}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="key-figures__note">
        <sup aria-hidden="true">*</sup> <SampleDataBadge /> 외국인 비율은 생성된 예시 데이터입니다.
      </p>
    </Section>
  );
}
