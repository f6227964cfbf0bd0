import { LoadError } from '@/components/ui/load-error';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { GENERATED_DATA_NOTICE } from '@/config/constants';
import { formatFullDay, formatNumber } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useDayTraders } from '../api/get-day-traders';
import { useRecentTrader } from '../api/get-recent-trader';
import type { DayTrader, Trader } from '../types';

import './trader-board.css';

function TraderColumn({ title, traders, side }: { title: string; traders: readonly Trader[]; side: 'sell' | 'buy' }) {
  return (
    <div className={`trader-column trader-column--${side}`}>
      <h4 className="trader-column__title">{title}</h4>
      <ol className="trader-column__list">
        {traders.map((trader, index) => (
          <li key={`${trader.name}-${index}`} className="trader-column__row">
            <span className="trader-column__name">{trader.name}</span>
            <span className="trader-column__volume">{formatNumber(trader.volume)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The top five sellers and buyers of one day, side by side. */
export function DayTraderCard({ dayTrader, title }: { dayTrader: DayTrader; title?: string }) {
  return (
    <article className="trader-card" aria-label={`${formatFullDay(dayTrader.date)} 거래원`}>
      <h3 className="trader-card__date">
        {title ? <span className="trader-card__title">{title}</span> : null}
        <time dateTime={dayTrader.date}>{formatFullDay(dayTrader.date)}</time>
      </h3>
      <div className="trader-card__columns">
        <TraderColumn title="매도 상위" traders={dayTrader.sells} side="sell" />
        <TraderColumn title="매수 상위" traders={dayTrader.buys} side="buy" />
      </div>
    </article>
  );
}

/** 거래원: the latest day's top brokerages, then earlier days while scrolling (generated sample data). */
export function TraderBoard({ securityId }: { securityId: string }) {
  const recentQuery = useRecentTrader(securityId);
  const list = toPaginatedList(
    useDayTraders(securityId),
    (page) => page.day_traders,
    (page) => page.last_key,
  );
  const recentDate = recentQuery.data?.recent_trader.date;
  // The latest day is shown on top already.
  const earlier = list.entities.filter((day) => day.date !== recentDate);

  return (
    <div data-testid="trader-board">
      <SampleDataNotice text={GENERATED_DATA_NOTICE} />
      <p className="table-note">거래원별 매도·매수 상위 5곳 (단위: 주)</p>
      {recentQuery.isError ? (
        <LoadError error={recentQuery.error} onRetry={() => void recentQuery.refetch()} />
      ) : recentQuery.data ? (
        <DayTraderCard dayTrader={recentQuery.data.recent_trader} title="최근 거래일" />
      ) : (
        <p className="loading" role="status">
          불러오는 중…
        </p>
      )}
      {earlier.map((day) => (
        <DayTraderCard key={day.date} dayTrader={day} />
      ))}
      <PaginatedListFooter
        list={list}
        endMessage="마지막 거래일입니다."
        emptyMessage="거래원 정보가 없습니다."
        errorMessage="거래원 정보를 불러오지 못했습니다."
      />
    </div>
  );
}
