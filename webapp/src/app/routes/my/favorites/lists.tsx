import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { Loading } from '@/components/ui/loading';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { MAX_STREAM_SECURITY_IDS } from '@/config/constants';
import { favoritePaths } from '@/config/favorite-paths';
import { createFavoriteStockList, type FavoriteStockList } from '@/features/favorites/api';
import { alertFailure } from '@/features/favorites/errors';
import { invalidateFavorites, useFavoriteLists } from '@/features/favorites/queries';
import { DEFAULT_LIST_NAME } from '@/features/favorites/utils/list-name';
import { useLiveQuotes } from '@/features/securities/hooks/use-live-quotes';

import { StockRows, useStockRows } from '@/app/favorites/stock-rows';
import { useVisibleKeys } from '@/app/favorites/use-visible';

import { LISTS_LOAD_FAILED_MESSAGE } from './use-list-param';

/** /m/my/favorite_stock_lists: every group with its stocks at live prices. */
export default function FavoriteListsRoute() {
  const listsQuery = useFavoriteLists();
  const { visible, observe } = useVisibleKeys<number>();
  const lists = listsQuery.data?.favorite_stock_lists ?? [];
  // One stream for the stocks of the groups on screen (the first 50: one connection's worth).
  const liveIds = [
    ...new Set(lists.filter((list) => visible.has(list.id)).flatMap((list) => list.favorite_stocks.map((s) => s.security_id))),
  ].slice(0, MAX_STREAM_SECURITY_IDS);
  useLiveQuotes(liveIds);

  return (
    <>
      <title>관심종목 : 시세</title>
      <SampleDataNotice />
      <div className="my-page__header">
        <h1 className="my-page__title">관심종목</h1>
        {lists.length > 0 ? (
          <Link className="my-page__action" to={favoritePaths.listsEdit.getHref()}>
            편집
          </Link>
        ) : null}
      </div>
      {listsQuery.isPending ? (
        <Loading />
      ) : listsQuery.isError ? (
        <p className="page-status" role="alert">
          {LISTS_LOAD_FAILED_MESSAGE}
        </p>
      ) : lists.length === 0 ? (
        <PlaceholderGroup />
      ) : (
        lists.map((list) => <Group key={list.id} list={list} observe={observe} />)
      )}
      <div className="favorites-toolbar">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => openModal({ type: 'addRecentStocks', props: {} })}
        >
          최근 본 종목 담기
        </button>
      </div>
    </>
  );
}

function Group({ list, observe }: { list: FavoriteStockList; observe: (key: number) => (element: Element | null) => void | (() => void) }) {
  // One ref callback per group for its life (a new one each render would re-observe it).
  const ref = useMemo(() => observe(list.id), [observe, list.id]);
  return (
    <section ref={ref} className="favorite-group" aria-label={list.name}>
      <GroupHeader list={list} />
      <GroupStocks list={list} />
    </section>
  );
}

function GroupHeader({ list }: { list: FavoriteStockList }) {
  return (
    <div className="favorite-group__header">
      <Link className="favorite-group__name" to={favoritePaths.list.getHref(list.id)}>
        {list.name} <span className="favorite-group__count">{list.favorite_stocks_count}</span>
      </Link>
      <button
        type="button"
        className="my-page__action favorite-group__action"
        onClick={() => openModal({ type: 'editFavoriteStocks', props: { listId: list.id } })}
      >
        편집
      </button>
      <Link className="my-page__action favorite-group__action" to={favoritePaths.stocksAdd.getHref(list.id)}>
        추가
      </Link>
    </div>
  );
}

function GroupStocks({ list }: { list: FavoriteStockList }) {
  const { rows, quotesPending } = useStockRows(list.favorite_stocks.map((stock) => stock.security_id));
  if (rows.length === 0) return <p className="favorite-group__empty">관심종목을 추가해 보세요.</p>;
  return <StockRows rows={rows} quotesPending={quotesPending} label={`${list.name} 종목`} />;
}

/**
 * No group yet (spec §5): the placeholder 관심그룹. Adding to it makes it real: from a stock's
 * heart (POST /api/favorite_stocks without a list id), or here, by making the group and
 * going on to its search.
 */
function PlaceholderGroup() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  return (
    <section className="favorite-group" aria-label={DEFAULT_LIST_NAME} data-testid="favorite-placeholder">
      <div className="favorite-group__header">
        <span className="favorite-group__name">
          {DEFAULT_LIST_NAME} <span className="favorite-group__count">0</span>
        </span>
      </div>
      <p className="favorite-group__empty">관심종목을 추가해 보세요.</p>
      <div className="favorites-toolbar">
        <button
          type="button"
          className="button"
          disabled={sending}
          onClick={() => {
            setSending(true);
            createFavoriteStockList(DEFAULT_LIST_NAME)
              .then(async ({ favorite_stock_list }) => {
                await invalidateFavorites(queryClient);
                await navigate(favoritePaths.stocksAdd.getHref(favorite_stock_list.id));
              })
              .catch(alertFailure)
              .finally(() => setSending(false));
          }}
        >
          종목 추가
        </button>
      </div>
    </section>
  );
}
