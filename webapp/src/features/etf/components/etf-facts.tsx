import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { formatNumber } from '@/lib/format';

import { useEtfAnalysis } from '../api/get-etf-analysis';
import type { EtfAnalysis } from '../types';

import '@/components/ui/figure-grid.css';
import './etf.css';

type EtfFactsProps = {
  securityId: string;
};

type Fact = { field: string; label: string; value: string };

function facts(analysis: EtfAnalysis): Fact[] {
  return [
    { field: 'issuer', label: '운용사', value: analysis.issuer },
    { field: 'tracking_index', label: '기초지수', value: analysis.tracking_index },
    { field: 'total_expense_ratio', label: '총보수', value: `연 ${formatNumber(analysis.total_expense_ratio)}%` },
    { field: 'distribution', label: '분배', value: analysis.distribution },
    { field: 'listing_date', label: '상장일', value: analysis.listing_date.replaceAll('-', '.') },
    {
      field: 'tracking_error',
      label: '추적오차',
      value:
        analysis.tracking_error == null
          ? '계산 안 함'
          : `연 ${formatNumber(analysis.tracking_error)}% (${analysis.tracking_days}일, 계산값)`,
    },
  ];
}

/** ETF 정보: the published facts; the ones without a stored source carry a 샘플 label. */
export function EtfFacts({ securityId }: EtfFactsProps) {
  const query = useEtfAnalysis(securityId);
  let body;
  if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  } else {
    const analysis = query.data.exchange_traded_analysis;
    body = (
      <>
        <dl className="figure-grid etf-facts" data-testid="etf-facts">
          {facts(analysis).map((fact) => (
            <div key={fact.field} className="figure-grid__item">
              <dt>{fact.label}</dt>
              <dd>
                {fact.value}
                {analysis.unsourced.includes(fact.field) ? <span className="etf__sample"> 샘플</span> : null}
              </dd>
            </div>
          ))}
        </dl>
        <p className="etf__note">
          출처: {analysis.source}
          {analysis.unsourced.length > 0 ? ' · 샘플 표시 항목은 출처를 확인하지 못한 값입니다.' : ''}
        </p>
      </>
    );
  }
  return (
    <Section title="ETF 정보" testId="etf-info">
      {body}
    </Section>
  );
}
