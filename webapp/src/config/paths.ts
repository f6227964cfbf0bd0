// Every route of the app in one place. `getHref` builds links; `path` is the
// router pattern (absolute, also for nested routes).

const stockBase = (securityId: string) => `/m/stocks/${encodeURIComponent(securityId)}`;

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/m', getHref: () => '/m' },
  /** 트렌드: redirects to 국내 (`/m/trend/domestic`). */
  trend: { path: '/m/trend', getHref: () => '/m/trend' },
  trendDomestic: { path: '/m/trend/domestic', getHref: () => '/m/trend/domestic' },
  trendForeign: { path: '/m/trend/foreign', getHref: () => '/m/trend/foreign' },
  trendForex: { path: '/m/trend/forex', getHref: () => '/m/trend/forex' },
  trendKospi: { path: '/m/trend/kospi', getHref: () => '/m/trend/kospi' },
  trendKosdaq: { path: '/m/trend/kosdaq', getHref: () => '/m/trend/kosdaq' },
  /** 거래대금 상위. */
  trendCollectionA: { path: '/m/trend/collection_a', getHref: () => '/m/trend/collection_a' },
  /** 시가총액 상위. */
  trendCollectionB: { path: '/m/trend/collection_b', getHref: () => '/m/trend/collection_b' },
  /** 업종: the heatmap and the list of WICS industry groups. */
  trendWicsSectors: { path: '/m/trend/wics_sectors', getHref: () => '/m/trend/wics_sectors' },
  trendWicsSector: {
    path: '/m/trend/wics_sectors/:wicsSectorCode',
    getHref: (wicsSectorCode: string) => `/m/trend/wics_sectors/${encodeURIComponent(wicsSectorCode)}`,
  },
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
