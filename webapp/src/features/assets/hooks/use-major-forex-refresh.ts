import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useMajorForexIds } from '../api/get-major-forex-ids';
import { getForexTicksQueryOptions } from '../api/get-forex-ticks';
import { writeTicksToCache } from '../utils/forex';

/**
 * The periodic refresh of the major FX rates that forex and asset pages run
 * (spec §2): starts when the page mounts (first the major ids, then the ticks
 * every few seconds) and stops when it unmounts, because the polling belongs
 * to this hook's query observer. Each answer is written into cached assets.
 */
export function useMajorForexRefresh() {
  const queryClient = useQueryClient();
  const idsQuery = useMajorForexIds();
  const ids = idsQuery.data?.ids ?? [];
  const ticksQuery = useQuery(getForexTicksQueryOptions(ids));

  const ticks = ticksQuery.data?.tick_forexes;
  useEffect(() => {
    if (ticks) writeTicksToCache(queryClient, ticks);
  }, [queryClient, ticks]);

  return { ids, ticks: ticks ?? [], isError: idsQuery.isError || ticksQuery.isError };
}
