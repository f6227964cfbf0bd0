// Query-key factory of the articles feature (TkDodo's hierarchy):
// articles → list → (security, kind, filters).
import type { ArticleKind } from '../types';

export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  securityLists: (securityId: string) => [...articleKeys.lists(), securityId] as const,
  list: (securityId: string, kind: ArticleKind, filters: { limit: number }) =>
    [...articleKeys.securityLists(securityId), kind, filters] as const,
  latest: (securityId: string, filters: { limit: number }) =>
    [...articleKeys.securityLists(securityId), 'latest', filters] as const,
};

/** Security article lists page by 20 (spec §9). */
export const ARTICLES_PAGE_SIZE = 20;
