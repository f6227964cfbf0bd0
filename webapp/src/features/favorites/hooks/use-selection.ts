// The checkboxes of the favorites editors and pickers: a set of selected keys.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { openModal } from '@/components/modals/modal-store';

import { alertFailure } from '../errors';
import { invalidateFavorites } from '../queries';

/** Asked before deleting (the spec's wording for deletions). */
export const DELETE_CONFIRM_MESSAGE = '삭제 하시겠습니까?';

export type Selection<K> = {
  selected: ReadonlySet<K>;
  /** Selects `key`, or deselects it when selected. */
  toggle: (key: K) => void;
  /** 선택 해제. */
  clear: () => void;
};

export function useSelection<K>(): Selection<K> {
  const [selected, setSelected] = useState<ReadonlySet<K>>(() => new Set());
  return {
    selected,
    toggle: (key) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    clear: () => setSelected(new Set()),
  };
}

/**
 * A selection of ids that 삭제 deletes with `deleteIds`, after a confirmation; the selection is
 * cleared once they are gone, a failure says why, and the groups are fetched again either way.
 */
export function useDeletableSelection(
  deleteIds: (ids: readonly number[]) => Promise<void>,
): Selection<number> & { remove: () => void } {
  const queryClient = useQueryClient();
  const selection = useSelection<number>();
  function remove() {
    const ids = [...selection.selected];
    openModal({
      type: 'confirm',
      props: {
        message: DELETE_CONFIRM_MESSAGE,
        confirmLabel: '삭제',
        onConfirm: () => {
          deleteIds(ids)
            .then(selection.clear)
            .catch(alertFailure)
            .finally(() => void invalidateFavorites(queryClient));
        },
      },
    });
  }
  return { ...selection, remove };
}
