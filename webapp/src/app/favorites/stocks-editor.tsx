import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { openModal } from '@/components/modals/modal-store';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { deleteFavoriteStocks, reorderFavoriteStocks, type FavoriteStock, type FavoriteStockList } from '@/features/favorites/api';
import { SortableList } from '@/features/favorites/components/sortable-list';
import { alertFailure } from '@/features/favorites/errors';
import { invalidateFavorites } from '@/features/favorites/queries';

/** Asked before deleting (the spec's wording for deletions). */
export const DELETE_CONFIRM_MESSAGE = '삭제 하시겠습니까?';

/**
 * A group's stocks to edit: select some and delete them (after a confirmation), clear the
 * selection, drag to reorder. Each drop sends the whole new order once; a refusal puts the
 * server's order back and says why.
 */
export function StocksEditor({ list }: { list: FavoriteStockList }) {
  const queryClient = useQueryClient();
  // The order on screen, reset whenever the server's group changes.
  const [local, setLocal] = useState({ basis: list, stocks: list.favorite_stocks });
  if (local.basis !== list) setLocal({ basis: list, stocks: list.favorite_stocks });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const names = new Map(
    useStockNames(local.stocks.map((stock) => stock.security_id)).map((stock) => [stock.securityId, stock.name]),
  );

  function reorder(stocks: FavoriteStock[]) {
    setLocal({ basis: list, stocks });
    reorderFavoriteStocks(
      list.id,
      stocks.map((stock) => stock.id),
    )
      .catch((error: unknown) => {
        setLocal({ basis: list, stocks: list.favorite_stocks });
        alertFailure(error);
      })
      .finally(() => void invalidateFavorites(queryClient));
  }

  function toggle(id: number) {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function remove() {
    const ids = [...selected];
    openModal({
      type: 'confirm',
      props: {
        message: DELETE_CONFIRM_MESSAGE,
        confirmLabel: '삭제',
        onConfirm: () => {
          deleteFavoriteStocks(ids)
            .then(() => setSelected(new Set()))
            .catch(alertFailure)
            .finally(() => void invalidateFavorites(queryClient));
        },
      },
    });
  }

  if (local.stocks.length === 0) return <p className="favorite-group__empty">관심종목이 없습니다.</p>;
  return (
    <>
      <SortableList
        label={`${list.name} 종목 편집`}
        items={local.stocks}
        getKey={(stock) => stock.id}
        onReorder={reorder}
        renderItem={(stock) => (
          <label className="favorite-edit__item">
            <input
              type="checkbox"
              className="favorite-check"
              checked={selected.has(stock.id)}
              onChange={() => toggle(stock.id)}
            />{' '}
            {names.get(stock.security_id) ?? '…'}
          </label>
        )}
      />
      <div className="favorites-toolbar">
        <button
          type="button"
          className="button button--secondary"
          disabled={selected.size === 0}
          onClick={() => setSelected(new Set())}
        >
          선택 해제
        </button>
        <button type="button" className="button" disabled={selected.size === 0} onClick={remove}>
          {`삭제${selected.size > 0 ? ` (${selected.size})` : ''}`}
        </button>
      </div>
    </>
  );
}
