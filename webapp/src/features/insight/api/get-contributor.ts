// GET /api/v1/contributors/{id} and /api/v1/contributors/{id}/insight_articles?limit=&cursor=
// (main host, everyone): a contributor's page data and their articles, newest first.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { INSIGHT_PAGE_SIZE, INSIGHT_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { insightKeys } from '@/lib/query-keys';

import type { ContributorBody, InsightArticlePage } from '../types';

export function getContributor(contributorId: number, signal?: AbortSignal): Promise<ContributorBody> {
  return unwrap(mainApi.GET('/api/v1/contributors/{id}', { params: { path: { id: contributorId } }, signal }));
}

export function getContributorQueryOptions(contributorId: number) {
  return queryOptions({
    queryKey: insightKeys.contributor(contributorId),
    queryFn: ({ signal }) => getContributor(contributorId, signal),
    staleTime: INSIGHT_STALE_TIME_MS,
  });
}

export function useContributor(contributorId: number) {
  return useQuery(getContributorQueryOptions(contributorId));
}

export function getContributorArticles(
  contributorId: number,
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<InsightArticlePage> {
  return unwrap(
    mainApi.GET('/api/v1/contributors/{id}/insight_articles', {
      params: { path: { id: contributorId }, query: { limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

export function getContributorArticlesInfiniteQueryOptions(contributorId: number, limit: number = INSIGHT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: insightKeys.list('contributor', { contributorId, limit }),
    queryFn: ({ pageParam, signal }) => getContributorArticles(contributorId, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
    staleTime: INSIGHT_STALE_TIME_MS,
  });
}

export function useContributorArticles(contributorId: number) {
  return useInfiniteQuery(getContributorArticlesInfiniteQueryOptions(contributorId));
}
