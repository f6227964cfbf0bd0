import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import type { ModalProps } from '@/components/modals/modal-host';
import { ApiError } from '@/lib/api';

import {
  addFavoriteStock,
  constructFavoriteStockList,
  deleteFavoriteStocks,
  type FavoriteStock,
  type FavoriteStockList,
  type FavoriteStockLists,
} from '../api';
import { alertFailure } from '../errors';
import { favoriteKeys, invalidateFavorites, useFavoriteLists, useFavoritesOfSecurity } from '../queries';
import { useToggleMutationQueue } from '../toggle-queue';
import { parseListName } from '../utils/list-name';
import { canCreateList, canTap, pickerRows, TOO_MANY_LISTS_MESSAGE, type PickerRow } from '../utils/picker';

import { ListNameInput } from './list-name-input';

import '@/components/modals/modal.css';
import './favorites.css';

/**
 * The favorite-group picker (spec §4): each group with a check when it holds the stock; a tap
 * adds or removes at once (optimistic, settling on the server's answer); a full group is
 * disabled with its reason; 새 그룹 makes a group holding the stock. Opened for members only.
 */
export default function FavoriteGroupPickerModal({ securityId, name, close }: ModalProps<'favoriteGroupPicker'>) {
  const listsQuery = useFavoriteLists();
  const holdingQuery = useFavoritesOfSecurity(securityId);
  const [creating, setCreating] = useState(false);

  const loaded = listsQuery.data && holdingQuery.data;
  const rows = loaded ? pickerRows(listsQuery.data, holdingQuery.data) : [];
  return (
    <div className="modal-dialog favorite-picker">
      <h2 className="favorite-picker__title">{name ? `${name} 관심그룹 선택` : '관심그룹 선택'}</h2>
      {listsQuery.isError || holdingQuery.isError ? (
        <p className="favorite-picker__status" role="alert">
          관심그룹을 불러오지 못했습니다.
        </p>
      ) : !loaded ? (
        <p className="favorite-picker__status" role="status">
          불러오는 중…
        </p>
      ) : (
        <>
          <ul className="favorite-picker__groups" aria-label="관심그룹">
            {rows.map((row) => (
              <li key={row.listId ?? 'placeholder'}>
                <PickerGroup row={row} securityId={securityId} />
              </li>
            ))}
          </ul>
          {creating ? (
            <NewGroupForm securityId={securityId} onDone={() => setCreating(false)} />
          ) : canCreateList(listsQuery.data) ? (
            <button type="button" className="favorite-picker__new" onClick={() => setCreating(true)}>
              + 새 그룹
            </button>
          ) : (
            <p className="favorite-picker__reason">{TOO_MANY_LISTS_MESSAGE(listsQuery.data.max_lists)}</p>
          )}
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={close}>
          확인
        </button>
      </div>
    </div>
  );
}

/** One group: its toggle runs through the queue, so rapid taps send one final request. */
function PickerGroup({ row, securityId }: { row: PickerRow; securityId: string }) {
  const queryClient = useQueryClient();
  const [checked, toggle] = useToggleMutationQueue<number | null>({
    serverState: row.favoriteStockId,
    isOn: (id) => id !== null,
    run: async (confirmed, on) => {
      if (on) return (await addFavoriteStock(securityId, row.listId ?? undefined)).favorite_stock.id;
      if (confirmed !== null) await deleteFavoriteStocks([confirmed]);
      return null;
    },
    onSettled: () => void invalidateFavorites(queryClient),
    onError: (error) => {
      alertFailure(error);
      void invalidateFavorites(queryClient);
    },
  });
  const enabled = canTap(row, checked);
  return (
    <button
      type="button"
      className="favorite-picker__group"
      role="checkbox"
      aria-checked={checked}
      aria-disabled={!enabled}
      disabled={!enabled}
      onClick={toggle}
    >
      <span className="favorite-picker__check" aria-hidden="true">
        {checked ? '✓' : ''}
      </span>
      <span className="favorite-picker__name">{row.name}</span>
      <span className="favorite-picker__count">{row.count}</span>
      {row.disabledReason && !checked ? <span className="favorite-picker__reason">{row.disabledReason}</span> : null}
    </button>
  );
}

/** 새 그룹: a group made with the stock in it, in one call (construct). */
function NewGroupForm({ securityId, onDone }: { securityId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit() {
    const parsed = parseListName(value);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setSending(true);
    try {
      const { favorite_stock_list: made } = await constructFavoriteStockList(parsed.name, [securityId]);
      // The new group shows checked at once: the groups and the stock's holdings are asked
      // again separately, and the groups answering first would show it unchecked meanwhile.
      seedConstructed(queryClient, securityId, made);
      await invalidateFavorites(queryClient);
      onDone();
    } catch (cause) {
      if (cause instanceof ApiError && cause.isClientError) setError(cause.message);
      else alertFailure(cause);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="favorite-picker__form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ListNameInput label="새 그룹 이름" value={value} onChange={setValue} autoFocus />
      <button type="submit" className="button" disabled={sending}>
        만들기
      </button>
      {error ? (
        <p className="favorites-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Puts a group just made (construct) into the cached groups and the stock's holdings. */
function seedConstructed(queryClient: QueryClient, securityId: string, made: FavoriteStockList) {
  queryClient.setQueryData<FavoriteStockLists>(favoriteKeys.lists(), (old) =>
    old && !old.favorite_stock_lists.some((list) => list.id === made.id)
      ? { ...old, favorite_stock_lists: [...old.favorite_stock_lists, made] }
      : old,
  );
  const held = made.favorite_stocks.filter((stock) => stock.security_id === securityId);
  queryClient.setQueryData<FavoriteStock[]>(favoriteKeys.ofSecurity(securityId), (old) =>
    old ? [...old.filter((stock) => stock.favorite_stock_list_id !== made.id), ...held] : held,
  );
}
