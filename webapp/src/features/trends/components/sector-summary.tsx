import { getSignClassName } from '@/lib/change-display';
import { formatKoreanAmount, formatNumber, formatSignedPercent } from '@/lib/format';

import type { WicsSector } from '../types';

import '@/components/ui/figure-grid.css';
import './sector-summary.css';

/** One industry group's header: name, its WICS sector, change rate and key figures. */
export function SectorSummary({ sector }: { sector: WicsSector }) {
  const figures = [
    { label: '시가총액', value: formatKoreanAmount(sector.market_cap) },
    { label: '거래대금', value: formatKoreanAmount(sector.trading_value) },
    { label: '종목 수', value: `${formatNumber(sector.components_count)}개` },
    { label: '상승 / 하락', value: `${formatNumber(sector.rising_count)} / ${formatNumber(sector.falling_count)}` },
  ];
  return (
    <header className="sector-summary" data-testid="sector-summary">
      <p className="sector-summary__parent">{sector.parent_name}</p>
      <h1 className="sector-summary__name">{sector.name}</h1>
      <p className={`sector-summary__rate ${getSignClassName(sector.change_rate)}`}>
        {formatSignedPercent(sector.change_rate)}
      </p>
      <dl className="figure-grid">
        {figures.map((figure) => (
          <div key={figure.label} className="figure-grid__item">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
