// GET /api/v1/securities/{security_id}/articles?limit=&cursor=: news and
// disclosures of a security merged, newest first, paged by an opaque cursor.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { ARTICLES_PAGE_SIZE, ARTICLES_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { securityKeys } from '@/lib/query-keys';

import type { ArticlePage } from '../types';

export function getArticles(
  securityId: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<ArticlePage> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/articles', {
      params: { path: { security_id: securityId }, query: { limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getArticlesInfiniteQueryOptions(securityId: string, limit: number = ARTICLES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: securityKeys.articles(securityId, { limit, infinite: true }),
    queryFn: ({ pageParam, signal }) => getArticles(securityId, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: ARTICLES_STALE_TIME_MS,
  });
}

export function useArticles(securityId: string) {
  return useInfiniteQuery(getArticlesInfiniteQueryOptions(securityId));
}

/** The few newest articles, for the overview. */
export function getLatestArticlesQueryOptions(securityId: string, limit: number) {
  return queryOptions({
    queryKey: securityKeys.articles(securityId, { limit }),
    queryFn: ({ signal }) => getArticles(securityId, { limit }, signal),
    staleTime: ARTICLES_STALE_TIME_MS,
  });
}

export function useLatestArticles(securityId: string, limit: number) {
  return useQuery(getLatestArticlesQueryOptions(securityId, limit));
}
