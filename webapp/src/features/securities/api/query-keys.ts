// Query keys of the securities feature that belong to no one security: quote lists of
// several securities. Everything about one security is keyed under `securityKeys`
// (lib/query-keys.ts).

export const quoteKeys = {
  all: ['quotes'] as const,
  lists: () => [...quoteKeys.all, 'list'] as const,
  list: (securityIds: readonly string[]) => [...quoteKeys.lists(), { securityIds: [...securityIds] }] as const,
};
