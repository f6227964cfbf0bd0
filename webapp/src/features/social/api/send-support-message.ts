// POST /api/v1/support/messages {category, body} (main host, member) → 201 {message}: a
// message to the operators (at most 2,000 characters, 5 a day: 429 daily_support_limit).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { mainApi } from '@/lib/api';

import type { SupportCategory, SupportMessageBody } from '../types';

import { socialKeys } from './query-keys';

export type NewSupportMessage = { category: SupportCategory; body: string };

export function sendSupportMessage(message: NewSupportMessage): Promise<SupportMessageBody> {
  return mainApi.request<SupportMessageBody>('/api/v1/support/messages', { method: 'POST', json: message });
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    // The new message heads the member's list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialKeys.support() }),
  });
}
