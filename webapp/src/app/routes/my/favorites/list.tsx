import { useState } from 'react';
import { Link } from 'react-router';

import { Loading } from '@/components/ui/loading';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { MAX_STREAM_SECURITY_IDS } from '@/config/constants';
import { favoritePaths } from '@/config/favorite-paths';
import { nextSort, sortStocks, type StockSort, type StockSortKey } from '@/features/favorites/utils/sort';
import { useLiveQuotes } from '@/features/securities/hooks/use-live-quotes';

import { StockRows, useStockRows, type StockRow } from '@/app/favorites/stock-rows';

import { LIST_NOT_FOUND_MESSAGE, LISTS_LOAD_FAILED_MESSAGE, useListOfParam } from './use-list-param';

const SORTS: { key: StockSortKey; label: string }[] = [
  { key: 'name', label: '종목명' },
  { key: 'change_rate', label: '등락률' },
  { key: 'price', label: '현재가' },
];

const ARROWS = { asc: '▲', desc: '▼' } as const;

/** /m/my/favorite_stock_lists/{id}: one group's stocks at live prices, sortable. */
export default function FavoriteListRoute() {
  const { list, isPending, isError } = useListOfParam();
  const ids = list?.favorite_stocks.map((stock) => stock.security_id) ?? [];
  const { rows, quotesPending } = useStockRows(ids);
  const [sort, setSort] = useState<StockSort>(null);
  // One connection: the first 50 of the group (what one stream carries).
  useLiveQuotes(ids.slice(0, MAX_STREAM_SECURITY_IDS), { enabled: !quotesPending });

  if (isPending) return <Loading />;
  if (isError || !list) {
    return (
      <p className="page-status" role="alert">
        {isError ? LISTS_LOAD_FAILED_MESSAGE : LIST_NOT_FOUND_MESSAGE}
      </p>
    );
  }

  const sorted = sortStocks<StockRow & { price?: number; changeRate?: number }>(
    rows.map((row) => ({ ...row, price: row.quote?.price, changeRate: row.quote?.change_rate })),
    sort,
  );
  return (
    <>
      <title>{`${list.name} : 관심종목 : 시세`}</title>
      <SampleDataNotice />
      <div className="my-page__header">
        <h1 className="my-page__title">
          {list.name} <span className="favorite-group__count">{list.favorite_stocks_count}</span>
        </h1>
        <span>
          <Link className="my-page__action favorite-group__action" to={favoritePaths.stocksAdd.getHref(list.id)}>
            추가
          </Link>{' '}
          {rows.length > 0 ? (
            <Link className="my-page__action favorite-group__action" to={favoritePaths.stocksEdit.getHref(list.id)}>
              편집
            </Link>
          ) : null}
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="favorite-group__empty">관심종목을 추가해 보세요.</p>
      ) : (
        <>
          <div className="favorite-sort" role="group" aria-label="정렬">
            {SORTS.map(({ key, label }) => (
              <button
                key={key}
                type="button"
                className="favorite-sort__button"
                aria-pressed={sort?.key === key}
                onClick={() => setSort(nextSort(sort, key))}
              >
                {label}
                {sort?.key === key ? ` ${ARROWS[sort.direction]}` : ''}
              </button>
            ))}
          </div>
          <StockRows rows={sorted} quotesPending={quotesPending} label={`${list.name} 종목`} />
        </>
      )}
    </>
  );
}
