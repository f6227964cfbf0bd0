// POST /api/v1/contests/{id}/entries {security_ids} (main host, member) → 201 {ranker}: the
// member enters a running contest once, with 1 to 5 distinct stocks.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { mainApi } from '@/lib/api';

import type { Ranker } from '../types';

import { contestKeys } from './query-keys';

export function enterContest({ contestId, securityIds }: { contestId: number; securityIds: string[] }) {
  return mainApi.request<{ ranker: Ranker }>(`/api/v1/contests/${contestId}/entries`, {
    method: 'POST',
    json: { security_ids: securityIds },
  });
}

export function useEnterContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterContest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestKeys.all }),
  });
}
