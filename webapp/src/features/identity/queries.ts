// The member's profile (GET /users/me) and settings (GET /users/me/setting): keyed under
// ['users', 'me'], so one invalidation after a change reaches both.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { USER_STALE_TIME_MS } from '@/config/constants';

import { getMe, getSetting } from './api';
import { useLogin } from './use-login';

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  setting: () => [...userKeys.me(), 'setting'] as const,
};

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => getMe(signal).then(({ user }) => user),
    staleTime: USER_STALE_TIME_MS,
  });
}

export function getSettingQueryOptions() {
  return queryOptions({
    queryKey: userKeys.setting(),
    queryFn: ({ signal }) => getSetting(signal),
    staleTime: USER_STALE_TIME_MS,
  });
}

/** The signed-in member, or no data for a visitor (nothing is asked). */
export function useMe() {
  const { isAuthenticated } = useLogin();
  return useQuery({ ...getMeQueryOptions(), enabled: isAuthenticated });
}

export function useSetting() {
  const { isAuthenticated } = useLogin();
  return useQuery({ ...getSettingQueryOptions(), enabled: isAuthenticated });
}
