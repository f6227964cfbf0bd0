// The contest screens (spec §2: contests, rankers/contest_rankers, rankers/{id}), under /m/
// like every page.
export const contestPaths = {
  /** 대회: the contests with their state and rules, and the entry form. */
  contests: { path: '/m/contests', getHref: () => '/m/contests' },
  /** The running contest's ranking, updating live. */
  contestRankers: { path: '/m/rankers/contest_rankers', getHref: () => '/m/rankers/contest_rankers' },
  /** One ranker: picks and daily history. */
  ranker: { path: '/m/rankers/:rankerId', getHref: (rankerId: number) => `/m/rankers/${rankerId}` },
} as const;
