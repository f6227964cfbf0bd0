// Every route of the app in one place. `getHref` builds links; `path` is the
// router pattern (absolute, also for nested routes).

const stockBase = (securityId: string) => `/m/stocks/${encodeURIComponent(securityId)}`;

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/m', getHref: () => '/m' },
  trend: { path: '/m/trend', getHref: () => '/m/trend' },
  news: { path: '/m/news', getHref: () => '/m/news' },
  newsPopular: { path: '/m/news/popular', getHref: () => '/m/news/popular' },
  newsLatest: { path: '/m/news/latest', getHref: () => '/m/news/latest' },
  /** 검색: the search box, suggestions, 최근 검색어, 이슈 키워드, 인기 검색어. */
  search: { path: '/m/search', getHref: () => '/m/search' },
  /** The results of one search (`?keyword=…`). */
  searchQuery: {
    path: '/m/search/query',
    getHref: (keyword: string) => `/m/search/query?${new URLSearchParams({ keyword }).toString()}`,
  },
  /** MY: 최근 본 종목 now; 관심종목 and 설정 with the issues that build them. */
  my: { path: '/m/my', getHref: () => '/m/my' },
  myHistory: { path: '/m/my/history', getHref: () => '/m/my/history' },
  myHistoryEdit: { path: '/m/my/history/edit', getHref: () => '/m/my/history/edit' },
  stock: {
    path: '/m/stocks/:securityId',
    getHref: (securityId: string) => stockBase(securityId),
  },
  /** The discussion board (built by another issue; until then the fallback page answers). */
  stockDebates: {
    path: '/m/stocks/:securityId/debates',
    getHref: (securityId: string) => `${stockBase(securityId)}/debates`,
  },
  stockArticles: {
    path: '/m/stocks/:securityId/articles',
    getHref: (securityId: string) => `${stockBase(securityId)}/articles`,
  },
  stockArticlesNews: {
    path: '/m/stocks/:securityId/articles/news',
    getHref: (securityId: string) => `${stockBase(securityId)}/articles/news`,
  },
  stockArticlesDisclosures: {
    path: '/m/stocks/:securityId/articles/disclosures',
    getHref: (securityId: string) => `${stockBase(securityId)}/articles/disclosures`,
  },
  stockQuotations: {
    path: '/m/stocks/:securityId/quotations',
    getHref: (securityId: string) => `${stockBase(securityId)}/quotations`,
  },
  stockQuotationsDaily: {
    path: '/m/stocks/:securityId/quotations/daily',
    getHref: (securityId: string) => `${stockBase(securityId)}/quotations/daily`,
  },
  stockQuotationsForeign: {
    path: '/m/stocks/:securityId/quotations/foreign',
    getHref: (securityId: string) => `${stockBase(securityId)}/quotations/foreign`,
  },
  stockQuotationsTrader: {
    path: '/m/stocks/:securityId/quotations/trader',
    getHref: (securityId: string) => `${stockBase(securityId)}/quotations/trader`,
  },
  stockAnalysis: {
    path: '/m/stocks/:securityId/analysis',
    getHref: (securityId: string) => `${stockBase(securityId)}/analysis`,
  },
  asset: {
    path: '/m/assets/:assetId',
    getHref: (assetId: string) => `/m/assets/${encodeURIComponent(assetId)}`,
  },
} as const;
