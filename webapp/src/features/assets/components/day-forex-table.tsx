import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { getSignClassName } from '@/lib/change-display';
import { formatDay, formatNumber, formatSignedNumber, formatSignedPercent } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useDayForexes } from '../api/get-day-forexes';

import '@/components/ui/data-table.css';

/** 일별 환율: base, cash and transfer rates per day, loading older days while scrolling. */
export function DayForexTable({ assetId }: { assetId: string }) {
  const list = toPaginatedList(
    useDayForexes(assetId),
    (page) => page.day_forexes,
    (page) => page.last_key,
  );

  return (
    <section className="section" aria-label="일별 환율" data-testid="day-forexes">
      <header className="section__header">
        <h2 className="section__title">일별 환율</h2>
      </header>
      {list.entities.length > 0 ? (
        <div className="data-table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">일자</th>
                <th scope="col">매매기준율</th>
                <th scope="col">전일 대비</th>
                <th scope="col">현찰 살 때</th>
                <th scope="col">현찰 팔 때</th>
                <th scope="col">송금 보낼 때</th>
                <th scope="col">송금 받을 때</th>
              </tr>
            </thead>
            <tbody>
              {list.entities.map((row) => (
                <tr key={row.date}>
                  <th scope="row">
                    <time dateTime={row.date}>{formatDay(row.date)}</time>
                  </th>
                  <td>{formatNumber(row.base_rate)}</td>
                  <td className={getSignClassName(row.change)}>
                    {formatSignedNumber(row.change)}
                    <span className="data-table__sub">{formatSignedPercent(row.change_rate)}</span>
                  </td>
                  <td>{formatNumber(row.cash_buy)}</td>
                  <td>{formatNumber(row.cash_sell)}</td>
                  <td>{formatNumber(row.transfer_send)}</td>
                  <td>{formatNumber(row.transfer_receive)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <PaginatedListFooter
        list={list}
        endMessage="마지막 일자입니다."
        emptyMessage="일별 환율이 없습니다."
        errorMessage="일별 환율을 불러오지 못했습니다."
      />
    </section>
  );
}
