import { Link } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { SampleDataBadge } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { formatKoreanAmount, formatNumber } from '@/lib/format';

import { useEtfComponents } from '../api/get-etf-components';

import '@/components/ui/data-table.css';
import './etf.css';

type EtfComponentsProps = {
  securityId: string;
  limit: number;
  /** A link to the whole basket (the overview shows the largest few). */
  more?: { to: string; label: string };
};

/** 구성종목: the basket with weights, computed by Sise from the real market caps (labelled). */
export function EtfComponents({ securityId, limit, more }: EtfComponentsProps) {
  const query = useEtfComponents(securityId, limit);
  const components = query.data?.exchange_traded_assets ?? [];
  let body;
  if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  } else if (components.length === 0) {
    body = <p className="etf__note">{query.data.method}</p>;
  } else {
    body = (
      <>
        <div className="data-table-wrap">
          <table className="data-table" data-testid="etf-components">
            <thead>
              <tr>
                <th scope="col">종목</th>
                <th scope="col">비중</th>
                <th scope="col">시가총액</th>
              </tr>
            </thead>
            <tbody>
              {components.map((component) => (
                <tr key={component.security_id}>
                  <td>
                    <Link to={paths.stock.getHref(component.security_id)}>{component.name}</Link>
                  </td>
                  <td>{formatNumber(component.weight)}%</td>
                  <td>{formatKoreanAmount(component.market_cap)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="etf__note">
          전체 {formatNumber(query.data.total)}종목 · {query.data.method}
        </p>
      </>
    );
  }
  return (
    <Section
      title="구성종목"
      testId="etf-components-section"
      more={components.length > 0 ? more : undefined}
      note={<SampleDataBadge title="운용사 PDF가 아닌 Sise 계산값" />}
    >
      {body}
    </Section>
  );
}
