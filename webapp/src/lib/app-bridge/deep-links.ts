// The deep-link targets the app can open (spec §2, 29 of them), one builder over their route
// patterns (route-pattern.ts), and how a link opens: inside an app through the app's scheme
// (`{scheme}://{pattern}?{query}`, the web view hands it to the app), in a browser by setting
// the page address: the target's web page when this site has one, else /m/web2app/… (which
// opens the app or its store). docs/app-bridge.md, "Deep links", is the table for app teams.
import { FAVORITES_BASE, paths } from '@/config/paths';

import { currentAppType, type App, type AppType } from './app-type';
import { schemeError } from './errors';
import { routePattern, type RoutePattern, type RouteValue } from './route-pattern';

/** Each app's scheme (spec §1: app-specific; ours, docs/app-bridge.md). */
export const APP_SCHEMES: Record<App, string> = { main: 'sise', trade: 'sise-trade', 'virtual-trade': 'sise-vtrade' };

/** The stock page's tabs a viewAsset link may name. */
export const ASSET_TABS = ['overview', 'debates', 'articles', 'quotations', 'analysis'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];
/** mainMenu's tabs: favorite (with a group), community (with a section), or the others. */
export type MainMenu =
  | { selectedTab: 'favorite'; groupId?: number }
  | { selectedTab: 'community'; section?: string }
  | { selectedTab: 'home' | 'trend' | 'news' | 'search' | 'my' };

type None = Record<never, never>;

/** Every target and its parameters. */
export type DeepLinkParams = {
  plustip: { tipId?: string };
  newsDetail: { newsId: string; url?: string };
  disclosureDetail: { disclosureId: string; url?: string };
  disclosureList: { code: string };
  viewAsset: { code: string; tabName?: AssetTab; disclosureCategory?: 'news' | 'disclosures' };
  chatAssistant: { question?: string };
  innerLink: { path: string };
  webView: { url: string; title?: string };
  outerLink: { url: string };
  mainMenu: MainMenu;
  integratedSearch: { keyword?: string };
  imageViewer: { url: string };
  postImageViewer: { postId: number; index?: number };
  post: { postId: number };
  plusFriendHome: None;
  alarm: { tabIndex?: number };
  alarmHistory: None;
  themeDetail: { key: string; country?: string };
  membershipProgram: None;
  helpDeskMessage: None;
  userDashboard: { userId?: number };
  contact: None;
  reportPost: { postId: number };
  reportReply: { postId: number; commentId: number };
  ranking: { rankerId?: number };
  devicePermission: { permission?: string };
  usRealtimeApply: None;
  usRealtimeTicket: None;
  newsroomTab: { tabName?: string };
};

export type DeepLinkTarget = keyof DeepLinkParams;
type Values = Record<string, RouteValue | undefined>;

type Definition<T extends DeepLinkTarget> = {
  /** The app address after `{scheme}://`; parameters it does not name go to the query. */
  pattern: string;
  /** Values for the pattern's positional slots (splats, unnamed groups), taken out of the query. */
  positional?: (params: DeepLinkParams[T]) => { values: RouteValue[]; consumed: string[] };
  /** This site's page for the target, or null when only the app has it. */
  web: (params: DeepLinkParams[T]) => string | null;
};

const isHttp = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);
const debate = ({ postId }: { postId: number }) => `/m/debates/${postId}`;
const search = (keyword: string | undefined) => (keyword ? paths.searchQuery.getHref(keyword) : paths.search.getHref());

function assetPage({ code, tabName, disclosureCategory }: DeepLinkParams['viewAsset']): string {
  if (!code.startsWith('KOREA-')) return paths.asset.getHref(code);
  const base = paths.stock.getHref(code);
  if (!tabName || tabName === 'overview') return base;
  if (tabName === 'articles' && disclosureCategory) return `${base}/articles/${disclosureCategory}`;
  return `${base}/${tabName}`;
}

const MAIN_MENU_PAGES: Record<MainMenu['selectedTab'], string> = {
  favorite: FAVORITES_BASE,
  // spec §2: the community's index (/m/debates) is the root.
  community: paths.home.getHref(),
  home: paths.home.getHref(),
  trend: paths.trend.getHref(),
  news: paths.news.getHref(),
  search: paths.search.getHref(),
  my: paths.my.getHref(),
};

export const DEEP_LINKS: { [T in DeepLinkTarget]: Definition<T> } = {
  plustip: { pattern: 'plustip(/:tipId)', web: () => '/m/investing_strategies' },
  newsDetail: { pattern: 'newsDetail/:newsId', web: ({ url }) => (isHttp(url) ? url : paths.news.getHref()) },
  disclosureDetail: {
    pattern: 'disclosureDetail/:disclosureId',
    web: ({ disclosureId, url }) =>
      isHttp(url) ? url : `https://dart.fss.or.kr/dsaf001/main.do?rcpNo=${encodeURIComponent(disclosureId)}`,
  },
  disclosureList: { pattern: 'disclosureList/:code', web: ({ code }) => paths.stockArticlesDisclosures.getHref(code) },
  viewAsset: { pattern: 'viewAsset/:code(/:tabName(/:disclosureCategory))', web: assetPage },
  chatAssistant: { pattern: 'chatAssistant', web: () => null },
  innerLink: {
    pattern: 'innerLink/**',
    positional: ({ path }) => ({ values: [path.replace(/^\/+/, '')], consumed: ['path'] }),
    web: ({ path }) => `/${path.replace(/^\/+/, '')}`,
  },
  webView: { pattern: 'webView', web: ({ url }) => (isHttp(url) ? url : null) },
  outerLink: { pattern: 'outerLink', web: ({ url }) => (isHttp(url) ? url : null) },
  mainMenu: {
    pattern: 'mainMenu/:selectedTab(/*)',
    positional: (menu) => {
      if (menu.selectedTab === 'favorite' && menu.groupId !== undefined) return { values: [menu.groupId], consumed: ['groupId'] };
      if (menu.selectedTab === 'community' && menu.section) return { values: [menu.section], consumed: ['section'] };
      return { values: [], consumed: [] };
    },
    web: (menu) =>
      menu.selectedTab === 'favorite' && menu.groupId !== undefined
        ? `${FAVORITES_BASE}/${menu.groupId}`
        : MAIN_MENU_PAGES[menu.selectedTab],
  },
  integratedSearch: { pattern: 'integratedSearch', web: ({ keyword }) => search(keyword) },
  imageViewer: { pattern: 'imageViewer', web: ({ url }) => (isHttp(url) ? url : null) },
  postImageViewer: { pattern: 'postImageViewer/:postId(/:index)', web: debate },
  post: { pattern: 'post/:postId', web: debate },
  plusFriendHome: { pattern: 'plusFriendHome', web: () => null },
  alarm: { pattern: 'alarm(/:tabIndex)', web: () => null },
  alarmHistory: { pattern: 'alarmHistory', web: () => null },
  themeDetail: {
    pattern: 'themeDetail/:key(/:country)',
    // Our topics are Korean themes with numeric ids; another country's theme is the app's.
    web: ({ key, country }) =>
      /^\d+$/.test(key) && (!country || country === 'kr') ? `/m/investing_strategies/topics/${key}` : null,
  },
  membershipProgram: { pattern: 'membershipProgram', web: () => null },
  helpDeskMessage: { pattern: 'helpDeskMessage', web: () => '/m/customer_support' },
  userDashboard: { pattern: 'userDashboard(/:userId)', web: () => paths.my.getHref() },
  contact: { pattern: 'contact', web: () => '/m/customer_support' },
  reportPost: { pattern: 'reportPost/:postId', web: debate },
  reportReply: { pattern: 'reportReply/:postId/:commentId', web: debate },
  ranking: {
    pattern: 'ranking(/:rankerId)',
    web: ({ rankerId }) => (rankerId === undefined ? '/m/rankers/contest_rankers' : `/m/rankers/${rankerId}`),
  },
  devicePermission: { pattern: 'devicePermission(/:permission)', web: () => null },
  usRealtimeApply: { pattern: 'usRealtimeApply', web: () => null },
  usRealtimeTicket: { pattern: 'usRealtimeTicket', web: () => null },
  newsroomTab: { pattern: 'newsroomTab(/:tabName)', web: () => paths.news.getHref() },
};

export const DEEP_LINK_TARGETS = Object.keys(DEEP_LINKS) as DeepLinkTarget[];

const compiled = new Map<DeepLinkTarget, RoutePattern>();
export function deepLinkPattern(target: DeepLinkTarget): RoutePattern {
  let pattern = compiled.get(target);
  if (!pattern) compiled.set(target, (pattern = routePattern(DEEP_LINKS[target].pattern)));
  return pattern;
}

/** Campaign parameters a link carries on to the app and the store (spec §7 app link warp). */
export type Campaign = Record<string, string>;

/**
 * The app address of a target, after the scheme: `viewAsset/KOREA-A005930/debates?from=web`.
 * Throws the URL builder's errors (spec §5).
 */
export function deepLinkPath<T extends DeepLinkTarget>(target: T, params: DeepLinkParams[T], campaign: Campaign = {}): string {
  const definition = DEEP_LINKS[target] as Definition<T>;
  const pattern = deepLinkPattern(target);
  const { values: positional, consumed } = definition.positional?.(params) ?? { values: [], consumed: [] };
  const values = params as Values;
  const path = pattern.build(values, positional);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || pattern.names.includes(name) || consumed.includes(name)) continue;
    query.set(name, String(value));
  }
  for (const [name, value] of Object.entries(campaign)) query.set(name, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The address that opens `target` in `app`: `sise://post/42`. */
export function deepLinkUrl<T extends DeepLinkTarget>(
  target: T,
  params: DeepLinkParams[T],
  { app = 'main', campaign }: { app?: App; campaign?: Campaign } = {},
): string {
  return `${APP_SCHEMES[app]}://${deepLinkPath(target, params, campaign)}`;
}

/** Where a browser goes for `target`: its page on this site, or /m/web2app/… to open the app. */
export function deepLinkWebUrl<T extends DeepLinkTarget>(target: T, params: DeepLinkParams[T], campaign: Campaign = {}): string {
  const web = (DEEP_LINKS[target] as Definition<T>).web(params);
  return web ?? `${WEB2APP_BASE}/${deepLinkPath(target, params, campaign)}`;
}

export const WEB2APP_BASE = '/m/web2app';

/**
 * This site's /m/web2app/… address that opens `target` in the app (or its store): for a browser's
 * buttons that send the reader to the app even where the target has a page of its own.
 */
export function web2AppUrl<T extends DeepLinkTarget>(target: T, params: DeepLinkParams[T], campaign: Campaign = {}): string {
  return `${WEB2APP_BASE}/${deepLinkPath(target, params, campaign)}`;
}

/** What a /m/web2app/{path} address names: a target and its app address, or null. */
export function readWeb2AppPath(path: string, search: string): { target: DeepLinkTarget; path: string } | null {
  const host = path.split('/')[0] ?? '';
  if (!(host in DEEP_LINKS)) return null;
  const target = host as DeepLinkTarget;
  if (!deepLinkPattern(target).match(path)) return null;
  return { target, path: search ? `${path}?${search.replace(/^\?/, '')}` : path };
}

/**
 * Hands an app address to the app the way a tap on a link would: the web view's navigation
 * delegate (and the test harness, e2e/app-harness.mjs) takes links to the app's schemes.
 */
export function launchScheme(url: string, schemeType: string, doc: Document = document): void {
  try {
    const anchor = doc.createElement('a');
    anchor.href = url;
    anchor.hidden = true;
    doc.body.append(anchor);
    anchor.click();
    anchor.remove();
  } catch (error) {
    throw schemeError('scheme_launch_failed', { schemeType, scheme: url }, String(error));
  }
}

/** Opens `target`: through the app's scheme inside an app, else by setting the page address. */
export function openDeepLink<T extends DeepLinkTarget>(
  target: T,
  params: DeepLinkParams[T],
  { appType = currentAppType(), assign = (url: string) => window.location.assign(url) }: {
    appType?: AppType | null;
    assign?: (url: string) => void;
  } = {},
): void {
  if (appType) launchScheme(deepLinkUrl(target, params, { app: appType.app }), target);
  else assign(deepLinkWebUrl(target, params));
}
