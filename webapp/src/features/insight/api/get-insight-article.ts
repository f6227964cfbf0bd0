// GET /api/v1/insight_articles/{id} (main host, everyone; a member's answer holds their
// reaction): one article with its content and its newer and older neighbours.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { INSIGHT_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';
import { insightKeys } from '@/lib/query-keys';

import type { InsightArticleDetail } from '../types';

export function getInsightArticle(articleId: number, signal?: AbortSignal): Promise<InsightArticleDetail> {
  return unwrap(mainApi.GET('/api/v1/insight_articles/{id}', { params: { path: { id: articleId } }, signal }));
}

export function getInsightArticleQueryOptions(articleId: number) {
  return queryOptions({
    queryKey: insightKeys.detail(articleId),
    queryFn: ({ signal }) => getInsightArticle(articleId, signal),
    staleTime: INSIGHT_STALE_TIME_MS,
  });
}

export function useInsightArticle(articleId: number) {
  return useQuery(getInsightArticleQueryOptions(articleId));
}
