import { DailyChangeCells } from '@/components/ui/daily-change-cells';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { getChangeDisplay } from '@/lib/change-display';
import { withDailyChanges } from '@/lib/daily-changes';
import { formatDay, formatNumber } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useDayCandlePages } from '../api/get-day-candles';

import '@/components/ui/data-table.css';

/** 일별 시세: date, close, change, change rate and volume per trading day, loading older days while scrolling. */
export function DailyQuotes({ securityId }: { securityId: string }) {
  const list = toPaginatedList(
    useDayCandlePages(securityId),
    (page) => page.day_candles,
    (page) => page.last_key,
  );
  const rows = withDailyChanges(list.entities);

  return (
    <div data-testid="daily-quotes">
      {rows.length > 0 ? (
        <div className="data-table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">일자</th>
                <th scope="col">종가</th>
                <th scope="col">전일비</th>
                <th scope="col">등락률</th>
                <th scope="col">거래량</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const display = getChangeDisplay(row.changeType);
                return (
                  <tr key={row.date}>
                    <th scope="row">
                      <time dateTime={row.date}>{formatDay(row.date)}</time>
                    </th>
                    <DailyChangeCells
                      close={row.close}
                      change={row.change}
                      changeRate={row.changeRate}
                      display={display}
                    />
                    <td>{formatNumber(row.volume)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <PaginatedListFooter
        list={list}
        endMessage="마지막 거래일입니다."
        emptyMessage="일별 시세가 없습니다."
        errorMessage="일별 시세를 불러오지 못했습니다."
      />
    </div>
  );
}
