import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { Loading } from '@/components/ui/loading';
import { favoritePaths } from '@/config/favorite-paths';
import {
  createFavoriteStockList,
  deleteFavoriteStockLists,
  renameFavoriteStockList,
  reorderFavoriteStockLists,
  type FavoriteStockList,
  type FavoriteStockLists,
} from '@/features/favorites/api';
import { ListNameInput } from '@/features/favorites/components/list-name-input';
import { SortableList } from '@/features/favorites/components/sortable-list';
import { alertFailure } from '@/features/favorites/errors';
import { invalidateFavorites, useFavoriteLists } from '@/features/favorites/queries';
import { parseListName } from '@/features/favorites/utils/list-name';
import { canCreateList, TOO_MANY_LISTS_MESSAGE } from '@/features/favorites/utils/picker';

import { DELETE_CONFIRM_MESSAGE } from '@/app/favorites/stocks-editor';

import { LISTS_LOAD_FAILED_MESSAGE } from './use-list-param';

/** /m/my/favorite_stock_lists/edit: rename inline, delete the selected, reorder by drag, add a group. */
export default function FavoriteListsEditRoute() {
  const listsQuery = useFavoriteLists();
  return (
    <>
      <title>관심그룹 편집 : 시세</title>
      <div className="my-page__header">
        <h1 className="my-page__title">관심그룹 편집</h1>
        <Link className="my-page__action" to={favoritePaths.lists.getHref()}>
          완료
        </Link>
      </div>
      {listsQuery.isPending ? (
        <Loading />
      ) : listsQuery.isError ? (
        <p className="page-status" role="alert">
          {LISTS_LOAD_FAILED_MESSAGE}
        </p>
      ) : (
        <ListsEditor lists={listsQuery.data} />
      )}
    </>
  );
}

function ListsEditor({ lists }: { lists: FavoriteStockLists }) {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState({ basis: lists, order: lists.favorite_stock_lists });
  if (local.basis !== lists) setLocal({ basis: lists, order: lists.favorite_stock_lists });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  function reorder(order: FavoriteStockList[]) {
    setLocal({ basis: lists, order });
    reorderFavoriteStockLists(order.map((list) => list.id))
      .catch((error: unknown) => {
        setLocal({ basis: lists, order: lists.favorite_stock_lists });
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
          deleteFavoriteStockLists(ids)
            .then(() => setSelected(new Set()))
            .catch(alertFailure)
            .finally(() => void invalidateFavorites(queryClient));
        },
      },
    });
  }

  return (
    <>
      {local.order.length === 0 ? (
        <p className="favorite-group__empty">관심그룹이 없습니다.</p>
      ) : (
        <SortableList
          label="관심그룹 편집"
          items={local.order}
          getKey={(list) => list.id}
          onReorder={reorder}
          renderItem={(list) => (
            <div className="favorite-edit__item">
              <input
                type="checkbox"
                className="favorite-check"
                aria-label={`${list.name} 선택`}
                checked={selected.has(list.id)}
                onChange={() => toggle(list.id)}
              />
              <RenameField list={list} />
            </div>
          )}
        />
      )}
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
      {canCreateList(lists) ? <NewListForm /> : <p className="favorite-picker__reason">{TOO_MANY_LISTS_MESSAGE(lists.max_lists)}</p>}
    </>
  );
}

/** The name, renamed in place: sent when the box is left or on Enter, if it changed. */
function RenameField({ list }: { list: FavoriteStockList }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(list.name);
  const [error, setError] = useState<string | null>(null);

  function save() {
    const parsed = parseListName(value);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setValue(parsed.name);
    if (parsed.name === list.name) return;
    renameFavoriteStockList(list.id, parsed.name)
      .catch((cause: unknown) => {
        setValue(list.name);
        alertFailure(cause);
      })
      .finally(() => void invalidateFavorites(queryClient));
  }

  return (
    <span className="favorite-edit__name">
      <ListNameInput label={`${list.name} 이름`} value={value} onChange={setValue} onBlur={save} onEnter={save} />
      {error ? (
        <span className="favorites-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** 새 그룹: an empty group at the end (관심그룹 when no name is given). */
function NewListForm() {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const parsed = parseListName(value);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    createFavoriteStockList(parsed.name)
      .then(() => setValue(''))
      .catch(alertFailure)
      .finally(() => void invalidateFavorites(queryClient));
  }

  return (
    <form
      className="favorite-picker__form favorites-new-list"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ListNameInput label="새 그룹 이름" value={value} onChange={setValue} />
      <button type="submit" className="button">
        새 그룹
      </button>
      {error ? (
        <p className="favorites-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
