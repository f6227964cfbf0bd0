// GET /api/v1/support/messages?limit=&cursor= (main host, member): the member's own messages
// to the operators with their answers, newest first.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { SUPPORT_PAGE_SIZE } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { SupportMessagePage } from '../types';

import { socialKeys } from './query-keys';

export function getSupportMessages(
  { limit, cursor }: { limit: number; cursor: string | null },
  signal?: AbortSignal,
): Promise<SupportMessagePage> {
  return unwrap(
    mainApi.GET('/api/v1/support/messages', { params: { query: { limit, cursor: cursor ?? undefined } }, signal }),
  );
}

export function getSupportMessagesInfiniteQueryOptions(limit: number = SUPPORT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: socialKeys.supportMessages(limit),
    queryFn: ({ pageParam, signal }) => getSupportMessages({ limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? null,
  });
}

/** A member's only (the caller renders it for members). */
export function useSupportMessages() {
  return useInfiniteQuery(getSupportMessagesInfiniteQueryOptions());
}
