// Query keys of the articles feature that belong to no one security: the news and disclosures
// of several securities at once (the home page). Everything about one security is keyed under
// `securityKeys` (lib/query-keys.ts).

export type ArticleListKind = 'news' | 'disclosures';

export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  list: (kind: ArticleListKind, filters: { securityIds: readonly string[]; limit: number }) =>
    [...articleKeys.lists(), kind, { securityIds: [...filters.securityIds], limit: filters.limit }] as const,
};
