import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

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
import { SelectionToolbar } from '@/features/favorites/components/selection-toolbar';
import { SortableList } from '@/features/favorites/components/sortable-list';
import { alertFailure } from '@/features/favorites/errors';
import { useLocalOrder } from '@/features/favorites/hooks/use-local-order';
import { useDeletableSelection } from '@/features/favorites/hooks/use-selection';
import { invalidateFavorites, useFavoriteLists } from '@/features/favorites/queries';
import { parseListName } from '@/features/favorites/utils/list-name';
import { canCreateList, TOO_MANY_LISTS_MESSAGE } from '@/features/favorites/utils/picker';

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
  const [order, reorder] = useLocalOrder(lists.favorite_stock_lists, (next) =>
    reorderFavoriteStockLists(next.map((list) => list.id)),
  );
  const selection = useDeletableSelection(deleteFavoriteStockLists);

  return (
    <>
      {order.length === 0 ? (
        <p className="favorite-group__empty">관심그룹이 없습니다.</p>
      ) : (
        <SortableList
          label="관심그룹 편집"
          items={order}
          getKey={(list) => list.id}
          onReorder={reorder}
          renderItem={(list) => (
            <div className="favorite-edit__item">
              <input
                type="checkbox"
                className="favorite-check"
                aria-label={`${list.name} 선택`}
                checked={selection.selected.has(list.id)}
                onChange={() => selection.toggle(list.id)}
              />
              <RenameField list={list} />
            </div>
          )}
        />
      )}
      <SelectionToolbar
        count={selection.selected.size}
        onClear={selection.clear}
        actionLabel="삭제"
        onAction={selection.remove}
      />
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

/** 새 그룹: an empty group at the end (관심그룹 when no name is given); one at a time. */
function NewListForm() {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function submit() {
    // A second tap (or Enter) while the group is being made would make another.
    if (sending) return;
    const parsed = parseListName(value);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setSending(true);
    createFavoriteStockList(parsed.name)
      .then(() => setValue(''))
      .catch(alertFailure)
      .finally(() => {
        setSending(false);
        void invalidateFavorites(queryClient);
      });
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
      <button type="submit" className="button" disabled={sending}>
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
