// GET /api/v1/topics/{id} (main host, everyone): a topic with its stocks; 404 `topic_not_found`.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TOPICS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { TopicBody } from '../types';

import { topicKeys } from './query-keys';

export function getTopic(topicId: number, signal?: AbortSignal): Promise<TopicBody> {
  return unwrap(mainApi.GET('/api/v1/topics/{id}', { params: { path: { id: topicId } }, signal }));
}

export function getTopicQueryOptions(topicId: number) {
  return queryOptions({
    queryKey: topicKeys.detail(topicId),
    queryFn: ({ signal }) => getTopic(topicId, signal),
    staleTime: TOPICS_STALE_TIME_MS,
  });
}

export function useTopic(topicId: number) {
  return useQuery(getTopicQueryOptions(topicId));
}
