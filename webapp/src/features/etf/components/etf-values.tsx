import { LoadError } from '@/components/ui/load-error';
import { SampleDataBadge } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { formatDay, formatNumber, formatSignedNumber } from '@/lib/format';

import { useEtfValues } from '../api/get-etf-values';

import '@/components/ui/data-table.css';
import './etf.css';

type EtfValuesProps = {
  securityId: string;
};

/** 순자산가치(NAV) 대비 가격: computed NAV against the real close, premium or discount. */
export function EtfValues({ securityId }: EtfValuesProps) {
  const query = useEtfValues(securityId);
  const values = query.data?.exchange_traded_values ?? [];
  let body;
  if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  } else if (values.length === 0) {
    body = <p className="etf__note">{query.data.method}</p>;
  } else {
    body = (
      <>
        <div className="data-table-wrap">
          <table className="data-table" data-testid="etf-values">
            <thead>
              <tr>
                <th scope="col">일자</th>
                <th scope="col">종가</th>
                <th scope="col">NAV(계산)</th>
                <th scope="col">괴리율</th>
              </tr>
            </thead>
            <tbody>
              {values.map((value) => (
                <tr key={value.date}>
                  <td>{formatDay(value.date)}</td>
                  <td>{formatNumber(value.close)}</td>
                  <td>{formatNumber(value.nav)}</td>
                  <td className={value.premium > 0 ? 'etf__premium' : value.premium < 0 ? 'etf__discount' : undefined}>
                    {formatSignedNumber(value.premium)}%
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="etf__note">{query.data.method} 괴리율 = (종가 ÷ NAV − 1) × 100.</p>
      </>
    );
  }
  return (
    <Section
      title="NAV 대비 가격"
      testId="etf-values-section"
      note={<SampleDataBadge title="운용사가 공시한 NAV가 아닌 Sise 계산값" />}
    >
      {body}
    </Section>
  );
}
