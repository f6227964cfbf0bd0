// The routes of 투자전략 (spec §2 /m/investing_strategies: the index, a contributor, an article).
export const insightPaths = {
  index: { path: '/m/investing_strategies', getHref: () => '/m/investing_strategies' },
  article: {
    path: '/m/investing_strategies/articles/:articleId',
    getHref: (articleId: number) => `/m/investing_strategies/articles/${articleId}`,
  },
  contributor: {
    path: '/m/investing_strategies/contributors/:contributorId',
    getHref: (contributorId: number) => `/m/investing_strategies/contributors/${contributorId}`,
  },
} as const;
