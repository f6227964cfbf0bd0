// Query keys of topics (테마), under ['topics']: the same answer for everyone. A security's
// topics are under the security's root (lib/query-keys), so that stock's invalidation reaches them.
import { securityKeys } from '@/lib/query-keys';

export const topicKeys = {
  all: ['topics'] as const,
  featured: (filters: { limit: number }) => [...topicKeys.all, 'featured', filters] as const,
  detail: (topicId: number) => [...topicKeys.all, 'detail', topicId] as const,
  ofSecurity: (securityId: string) => [...securityKeys.detail(securityId), 'topics'] as const,
};
