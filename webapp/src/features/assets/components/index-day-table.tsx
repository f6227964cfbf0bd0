import { DailyChangeCells } from '@/components/ui/daily-change-cells';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { getChangeDisplay } from '@/lib/change-display';
import { withDailyChanges } from '@/lib/daily-changes';
import { formatDay, formatKoreanAmount } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useAssetDayCandlePages } from '../api/get-asset-day-candles';

import '@/components/ui/data-table.css';

/** 일별 시세 of an index: close, change, change rate and trading value per day, loading older days while scrolling. */
export function IndexDayTable({ assetId }: { assetId: string }) {
  const list = toPaginatedList(
    useAssetDayCandlePages(assetId),
    (page) => page.day_candles,
    (page) => page.last_key,
  );
  const rows = withDailyChanges(list.entities);

  return (
    <section className="section" aria-label="일별 시세" data-testid="index-days">
      <header className="section__header">
        <h2 className="section__title">일별 시세</h2>
      </header>
      {rows.length > 0 ? (
        <div className="data-table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">일자</th>
                <th scope="col">종가</th>
                <th scope="col">전일비</th>
                <th scope="col">등락률</th>
                <th scope="col">거래대금</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                // Index moves are never limit moves: only the direction's colour and arrow.
                const display = getChangeDisplay(
                  row.changeType === 'UPPER_LIMIT' ? 'RISE' : row.changeType === 'LOWER_LIMIT' ? 'FALL' : row.changeType,
                );
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
                    <td>{row.trading_value > 0 ? formatKoreanAmount(row.trading_value) : '-'}</td>
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
    </section>
  );
}
