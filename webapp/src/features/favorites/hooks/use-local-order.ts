// Reordering by drag (utils/reorder.ts): the edit screens keep the order on screen and send it
// whole, once per drop.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { alertFailure } from '../errors';
import { invalidateFavorites } from '../queries';

/**
 * The order on screen of the server's `items`, and what a drop calls: shows the new order at
 * once and sends it with `send`; a refusal puts the server's order back and says why. The
 * groups are fetched again either way, and a new `items` (the server's answer) resets the order.
 */
export function useLocalOrder<T>(
  items: readonly T[],
  send: (order: readonly T[]) => Promise<void>,
): [readonly T[], (order: readonly T[]) => void] {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState({ basis: items, order: items });
  if (local.basis !== items) setLocal({ basis: items, order: items });

  function reorder(order: readonly T[]) {
    setLocal({ basis: items, order });
    send(order)
      .catch((error: unknown) => {
        setLocal({ basis: items, order: items });
        alertFailure(error);
      })
      .finally(() => void invalidateFavorites(queryClient));
  }
  return [local.order, reorder];
}
