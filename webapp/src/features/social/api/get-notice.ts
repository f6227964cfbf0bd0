// GET /api/v1/notices/{id} (main host, everyone): one notice; 404 `notice_not_found` once
// withdrawn.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { NOTICES_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { NoticeBody } from '../types';

import { socialKeys } from './query-keys';

export function getNotice(noticeId: number, signal?: AbortSignal): Promise<NoticeBody> {
  return unwrap(mainApi.GET('/api/v1/notices/{id}', { params: { path: { id: noticeId } }, signal }));
}

export function getNoticeQueryOptions(noticeId: number) {
  return queryOptions({
    queryKey: socialKeys.notice(noticeId),
    queryFn: ({ signal }) => getNotice(noticeId, signal),
    staleTime: NOTICES_STALE_TIME_MS,
  });
}

export function useNotice(noticeId: number) {
  return useQuery(getNoticeQueryOptions(noticeId));
}
