import { Link } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { GENERATED_DATA_NOTICE } from '@/config/constants';
import { getSignClassName } from '@/lib/change-display';
import { formatNumber, formatPercent } from '@/lib/format';

import { useFinancialStatements } from '../api/get-financial-statements';
import type { Statement, StatementTerm } from '../types';
import { STATEMENT_TERM_LABELS, formatPeriod, formatShortPeriod, statementTermSearch } from '../utils/statement-term';

import { MiniBarChart } from './mini-bar-chart';

import '@/components/ui/data-table.css';
import './financial-statements.css';

/** Amounts are shown in 억원. */
const EOK = 100_000_000;

type Line = {
  label: string;
  value: (statement: Statement) => string;
  className?: (statement: Statement) => string;
};

const amount = (value: number) => formatNumber(Math.round(value / EOK));
const ratio = (value: number | null | undefined) => (value === null || value === undefined ? '-' : formatNumber(value));

const LINES: Line[] = [
  { label: '매출액', value: (s) => amount(s.revenue) },
  { label: '영업이익', value: (s) => amount(s.operating_profit), className: (s) => getSignClassName(s.operating_profit) },
  { label: '당기순이익', value: (s) => amount(s.net_income), className: (s) => getSignClassName(s.net_income) },
  { label: '자산총계', value: (s) => amount(s.assets) },
  { label: '부채총계', value: (s) => amount(s.liabilities) },
  { label: '자본총계', value: (s) => amount(s.equity) },
  { label: 'EPS(원)', value: (s) => formatNumber(s.eps) },
  { label: 'PER(배)', value: (s) => ratio(s.per) },
  { label: 'PBR(배)', value: (s) => ratio(s.pbr) },
  { label: 'ROE', value: (s) => formatPercent(s.roe) },
  { label: '주당배당금(원)', value: (s) => formatNumber(s.dividend_per_share) },
];

const TERMS: StatementTerm[] = ['quarterly', 'yearly'];

type FinancialStatementsProps = {
  securityId: string;
  term: StatementTerm;
  /** The analysis page's path; the term is added as `?term=`. */
  basePath: string;
};

/** 재무 분석: statements as small charts and a table, quarterly or yearly (generated sample data). */
export function FinancialStatements({ securityId, term, basePath }: FinancialStatementsProps) {
  const query = useFinancialStatements(securityId, term);

  let body;
  if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  } else if (query.data.statements.length === 0) {
    body = <p className="loading">재무 정보가 없습니다.</p>;
  } else {
    const statements = query.data.statements;
    const oldestFirst = [...statements].reverse();
    const bars = (pick: (s: Statement) => number) =>
      oldestFirst.map((s) => ({ label: formatShortPeriod(s.period), value: pick(s) }));
    body = (
      <>
        <div className="statement-charts">
          <MiniBarChart title="매출액 (억원)" bars={bars((s) => s.revenue)} unit={EOK} />
          <MiniBarChart title="영업이익 (억원)" bars={bars((s) => s.operating_profit)} unit={EOK} />
          <MiniBarChart title="당기순이익 (억원)" bars={bars((s) => s.net_income)} unit={EOK} />
        </div>
        <p className="table-note">단위: 억원 (표시가 없는 항목)</p>
        <div className="data-table-wrap">
          <table className="data-table" data-testid="statement-table">
            <thead>
              <tr>
                <th scope="col">항목</th>
                {statements.map((s) => (
                  <th key={s.period} scope="col">
                    {formatPeriod(s.period)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {LINES.map((line) => (
                <tr key={line.label}>
                  <th scope="row">{line.label}</th>
                  {statements.map((s) => (
                    <td key={s.period} className={line.className?.(s)}>
                      {line.value(s)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }

  return (
    <div data-testid="financial-statements">
      <SampleDataNotice text={GENERATED_DATA_NOTICE} />
      <nav className="statement-terms" aria-label="재무제표 기간">
        {TERMS.map((t) => (
          <Link
            key={t}
            to={`${basePath}${statementTermSearch(t)}`}
            preventScrollReset
            aria-current={t === term ? 'page' : undefined}
            className={t === term ? 'statement-terms__item statement-terms__item--active' : 'statement-terms__item'}
          >
            {STATEMENT_TERM_LABELS[t]}
          </Link>
        ))}
      </nav>
      {body}
    </div>
  );
}
