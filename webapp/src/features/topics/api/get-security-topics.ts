// GET /api/v1/securities/{security_id}/topics (main host, everyone): the topics holding a stock.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { TOPICS_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { TopicList } from '../types';

import { topicKeys } from './query-keys';

export function getSecurityTopics(securityId: string, signal?: AbortSignal): Promise<TopicList> {
  return unwrap(
    mainApi.GET('/api/v1/securities/{security_id}/topics', {
      params: { path: { security_id: securityId } },
      signal,
    }),
  );
}

export function getSecurityTopicsQueryOptions(securityId: string) {
  return queryOptions({
    queryKey: topicKeys.ofSecurity(securityId),
    queryFn: ({ signal }) => getSecurityTopics(securityId, signal),
    staleTime: TOPICS_STALE_TIME_MS,
  });
}

export function useSecurityTopics(securityId: string) {
  return useQuery(getSecurityTopicsQueryOptions(securityId));
}
