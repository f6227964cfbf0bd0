// GET /api/v1/trends/wics_sectors/{code}/securities?limit=&cursor=: one industry group (every
// page repeats it) and its stocks, largest market cap first; 404 `sector_not_found` for an
// unknown code.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { TRENDS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { SectorSecurityPage } from '../types';

import { TREND_PAGE_SIZE } from './get-ordered-stocks';
import { trendKeys } from './query-keys';

export function getSectorSecurities(
  wicsSectorCode: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<SectorSecurityPage> {
  return unwrap(
    mainApi.GET('/api/v1/trends/wics_sectors/{wics_sector_code}/securities', {
      params: { path: { wics_sector_code: wicsSectorCode }, query: { limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getSectorSecuritiesInfiniteQueryOptions(wicsSectorCode: string, limit: number = TREND_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: trendKeys.sectorSecurities(wicsSectorCode, { limit }),
    queryFn: ({ pageParam, signal }) => getSectorSecurities(wicsSectorCode, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: TRENDS_STALE_TIME_MS,
  });
}

export function useSectorSecurities(wicsSectorCode: string) {
  return useInfiniteQuery(getSectorSecuritiesInfiniteQueryOptions(wicsSectorCode));
}
