import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { GENERATED_DATA_NOTICE } from '@/config/constants';
import { getSignClassName } from '@/lib/change-display';
import { formatDay, formatNumber, formatPercent, formatSignedNumber, formatSignedPercent } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useInvestors } from '../api/get-investors';

import '@/components/ui/data-table.css';

/** 투자자별 매매동향: net buying of individuals, foreigners and institutions per day (generated sample data). */
export function InvestorTrends({ securityId }: { securityId: string }) {
  const list = toPaginatedList(
    useInvestors(securityId),
    (page) => page.investors,
    (page) => page.last_key,
  );

  return (
    <div data-testid="investor-trends">
      <SampleDataNotice text={GENERATED_DATA_NOTICE} />
      <p className="table-note">투자자별 순매수 수량 (단위: 주)</p>
      {list.entities.length > 0 ? (
        <div className="data-table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">일자</th>
                <th scope="col">종가</th>
                <th scope="col">개인</th>
                <th scope="col">외국인</th>
                <th scope="col">기관</th>
                <th scope="col">외국인 보유율</th>
              </tr>
            </thead>
            <tbody>
              {list.entities.map((row) => (
                <tr key={row.date}>
                  <th scope="row">
                    <time dateTime={row.date}>{formatDay(row.date)}</time>
                  </th>
                  <td>
                    {formatNumber(row.close)}
                    <span className={`data-table__sub ${getSignClassName(row.change_rate)}`}>
                      {formatSignedPercent(row.change_rate)}
                    </span>
                  </td>
                  <td className={getSignClassName(row.individual)}>{formatSignedNumber(row.individual)}</td>
                  <td className={getSignClassName(row.foreign)}>{formatSignedNumber(row.foreign)}</td>
                  <td className={getSignClassName(row.institution)}>{formatSignedNumber(row.institution)}</td>
                  <td>{formatPercent(row.foreign_holding_ratio)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <PaginatedListFooter
        list={list}
        endMessage="마지막 거래일입니다."
        emptyMessage="투자자별 매매동향이 없습니다."
        errorMessage="투자자별 매매동향을 불러오지 못했습니다."
      />
    </div>
  );
}
