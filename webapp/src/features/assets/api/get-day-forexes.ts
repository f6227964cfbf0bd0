// GET /mweb/api/v1/forexes/day?asset_id=&limit=&to=: daily FX rates (base,
// cash and transfer rates), newest first, paged with `last_key`.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { DAILY_ROWS_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { DayForexPage } from '../types';

import { forexKeys } from './query-keys';

export const DAY_FOREXES_PAGE_SIZE = 20;

export function getDayForexes(
  assetId: string,
  { limit, to }: { limit: number; to?: string | null },
  signal?: AbortSignal,
): Promise<DayForexPage> {
  return unwrap(
    mobileWebApi.GET('/api/v1/forexes/day', {
      params: { query: { asset_id: assetId, limit, to: to ?? undefined } },
      signal,
    }),
  );
}

export function getDayForexesInfiniteQueryOptions(assetId: string, limit: number = DAY_FOREXES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: forexKeys.dayList(assetId, { limit }),
    queryFn: ({ pageParam, signal }) => getDayForexes(assetId, { limit, to: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.last_key ?? null,
    staleTime: DAILY_ROWS_STALE_TIME_MS,
  });
}

export function useDayForexes(assetId: string) {
  return useInfiniteQuery(getDayForexesInfiniteQueryOptions(assetId));
}
