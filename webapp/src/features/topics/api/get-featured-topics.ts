// GET /api/v1/topics/featured?limit= (main host, everyone): the featured topics in the curators' order.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { FEATURED_TOPICS_LIMIT, TOPICS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { TopicList } from '../types';

import { topicKeys } from './query-keys';

export function getFeaturedTopics(limit: number, signal?: AbortSignal): Promise<TopicList> {
  return unwrap(mainApi.GET('/api/v1/topics/featured', { params: { query: { limit } }, signal }));
}

export function getFeaturedTopicsQueryOptions(limit: number = FEATURED_TOPICS_LIMIT) {
  return queryOptions({
    queryKey: topicKeys.featured({ limit }),
    queryFn: ({ signal }) => getFeaturedTopics(limit, signal),
    staleTime: TOPICS_STALE_TIME_MS,
  });
}

export function useFeaturedTopics() {
  return useQuery(getFeaturedTopicsQueryOptions());
}
