import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { putStocksInGroup } from '@/features/favorites/bulk';
import type { DestinationChoice } from '@/features/favorites/components/destination-picker';
import { alertFailure } from '@/features/favorites/errors';
import { invalidateFavorites, useFavoriteLists } from '@/features/favorites/queries';
import { parseListName } from '@/features/favorites/utils/list-name';

/**
 * The state of a "put these stocks in a group" form (shown by PutStocksDestination) and its
 * submit; `lists`: the member's groups, undefined until they are loaded.
 */
export function usePutStocks(initialName: string) {
  const queryClient = useQueryClient();
  const lists = useFavoriteLists().data;
  const [choice, setChoice] = useState<DestinationChoice>(null);
  const [newName, setNewName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  /** Resolves to whether every stock went in. */
  async function submit(securityIds: readonly string[]): Promise<boolean> {
    let destination: Parameters<typeof putStocksInGroup>[0];
    if (choice === null) {
      const parsed = parseListName(newName);
      if (!parsed.ok) {
        setError(parsed.message);
        return false;
      }
      destination = { kind: 'new', name: parsed.name };
    } else {
      destination = { kind: 'existing', listId: choice };
    }
    setError(null);
    setSending(true);
    try {
      await putStocksInGroup(destination, securityIds);
      return true;
    } catch (cause) {
      alertFailure(cause);
      return false;
    } finally {
      setSending(false);
      void invalidateFavorites(queryClient);
    }
  }

  return { lists, choice, setChoice, newName, setNewName, error, sending, submit };
}

export type PutStocksForm = ReturnType<typeof usePutStocks>;
