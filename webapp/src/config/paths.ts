// Every route of the app in one place. `getHref` builds links; `path` is the
// router pattern.

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/m', getHref: () => '/m' },
  trend: { path: '/m/trend', getHref: () => '/m/trend' },
  news: { path: '/m/news', getHref: () => '/m/news' },
  search: { path: '/m/search', getHref: () => '/m/search' },
  myHistory: { path: '/m/my/history', getHref: () => '/m/my/history' },
  stock: {
    path: '/m/stocks/:securityId',
    getHref: (securityId: string) => `/m/stocks/${encodeURIComponent(securityId)}`,
  },
} as const;
