// GET /api/v1/securities/{security_id}/news?limit=&cursor=: news about a security, newest first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { ARTICLES_PAGE_SIZE, ARTICLES_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { NewsPage } from '../types';

export function getNews(
  securityId: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<NewsPage> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/news', {
      params: { path: { security_id: securityId }, query: { limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getNewsInfiniteQueryOptions(securityId: string, limit: number = ARTICLES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: securityKeys.news(securityId, { limit, infinite: true }),
    queryFn: ({ pageParam, signal }) => getNews(securityId, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: ARTICLES_STALE_TIME_MS,
  });
}

export function useNews(securityId: string) {
  return useInfiniteQuery(getNewsInfiniteQueryOptions(securityId));
}
