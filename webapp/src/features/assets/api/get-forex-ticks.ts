// GET /mweb/api/v1/forexes/tick?asset_ids=A,B: the latest rates of FX assets.
// Polled while a forex or asset page is open (see use-major-forex-refresh.ts).
import { queryOptions } from '@tanstack/react-query';

import { FOREX_REFRESH_MS, FOREX_TICKS_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { TickForexList } from '../types';

import { forexKeys } from './query-keys';

export function getForexTicks(assetIds: readonly string[], signal?: AbortSignal): Promise<TickForexList> {
  return unwrap(
    mobileWebApi.GET('/api/v1/forexes/tick', { params: { query: { asset_ids: assetIds.join(',') } }, signal }),
  );
}

/** Polls every {@link FOREX_REFRESH_MS} while a component observes it; stops when none does. */
export function getForexTicksQueryOptions(assetIds: readonly string[]) {
  return queryOptions({
    queryKey: forexKeys.ticks(assetIds),
    queryFn: ({ signal }) => getForexTicks(assetIds, signal),
    enabled: assetIds.length > 0,
    staleTime: FOREX_TICKS_STALE_TIME_MS,
    refetchInterval: FOREX_REFRESH_MS,
    // A hidden tab does not need fresh rates.
    refetchIntervalInBackground: false,
  });
}
