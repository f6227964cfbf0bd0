// Query keys of contests, all under ['contests']: an entry changes the contest, its ranking
// and the member's own entry at once, so it invalidates the root.
export const contestKeys = {
  all: ['contests'] as const,
  list: () => [...contestKeys.all, 'list'] as const,
  detail: (contestId: number) => [...contestKeys.all, 'detail', contestId] as const,
  rankers: (contestId: number, limit: number) => [...contestKeys.all, 'rankers', contestId, { limit }] as const,
  ranker: (rankerId: number) => [...contestKeys.all, 'ranker', rankerId] as const,
  stocks: (keyword: string) => [...contestKeys.all, 'stocks', keyword] as const,
};
