// Every route of the app in one place. `getHref` builds links; `path` is the
// router pattern (absolute, also for nested routes).

const stockBase = (securityId: string) => `/m/stocks/${encodeURIComponent(securityId)}`;

/** A page under a stock's page: `/m/stocks/:securityId/{tab}` (`tab` may hold a sub-tab, `articles/news`). */
const stockTab = <T extends string>(tab: T) => ({
  path: `/m/stocks/:securityId/${tab}` as const,
  getHref: (securityId: string) => `${stockBase(securityId)}/${tab}`,
});

/** A trend page: `/m/trend/{page}` (a fixed address, unlike the stock pages). */
const trendPage = <P extends string>(page: P) => {
  const path = `/m/trend/${page}` as const;
  return { path, getHref: () => path };
};

/**
 * Where every 관심종목 screen lives: the router's one splat route for them. Their own paths are
 * in config/favorite-paths.ts, out of the shell.
 */
export const FAVORITES_BASE = '/m/my/favorite_stock_lists';

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/m', getHref: () => '/m' },
  /** 트렌드: redirects to 국내 (`/m/trend/domestic`). */
  trend: { path: '/m/trend', getHref: () => '/m/trend' },
  trendDomestic: trendPage('domestic'),
  trendForeign: trendPage('foreign'),
  trendForex: trendPage('forex'),
  trendKospi: trendPage('kospi'),
  trendKosdaq: trendPage('kosdaq'),
  /** 거래대금 상위. */
  trendCollectionA: trendPage('collection_a'),
  /** 시가총액 상위. */
  trendCollectionB: trendPage('collection_b'),
  /** 업종: the heatmap and the list of WICS industry groups. */
  trendWicsSectors: trendPage('wics_sectors'),
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
  /** 설정: members only (spec §2); a visitor is sent to the login and brought back. */
  settings: { path: '/m/settings', getHref: () => '/m/settings' },
  /** Where the messenger login comes back to (docs/api.md, "Membership"). */
  oauthKakao: { path: '/m/oauth/kakao', getHref: () => '/m/oauth/kakao' },
  /** The legal texts (spec §1). */
  termsService: { path: '/m/terms/service', getHref: () => '/m/terms/service' },
  termsPrivacy: { path: '/m/terms/privacy', getHref: () => '/m/terms/privacy' },
  termsContent: { path: '/m/terms/content', getHref: () => '/m/terms/content' },
  stock: {
    path: '/m/stocks/:securityId',
    getHref: (securityId: string) => stockBase(securityId),
  },
  /** The discussion board (토론); its other pages are in config/social-paths.ts, out of the shell. */
  stockDebates: stockTab('debates'),
  stockArticles: stockTab('articles'),
  stockArticlesNews: stockTab('articles/news'),
  stockArticlesDisclosures: stockTab('articles/disclosures'),
  stockQuotations: stockTab('quotations'),
  stockQuotationsDaily: stockTab('quotations/daily'),
  stockQuotationsForeign: stockTab('quotations/foreign'),
  stockQuotationsTrader: stockTab('quotations/trader'),
  stockAnalysis: stockTab('analysis'),
  /** Opens the app at a deep-link target (`/m/web2app/post/42`), or `/m/web2app/test`. */
  web2app: { path: '/m/web2app/*', getHref: (targetPath: string) => `/m/web2app/${targetPath}` },
  asset: {
    path: '/m/assets/:assetId',
    getHref: (assetId: string) => `/m/assets/${encodeURIComponent(assetId)}`,
  },
} as const;
