// The route table: every screen of the app, each a lazily loaded chunk, and what the first
// address needs before the first render (preloadRoute). Not in the shell: app/start.tsx loads
// this module (index.html and the prerendered pages' boot script preload it beside the shell),
// so a screen added here costs the shell nothing (docs/benchmarks.md, "First load (webapp)").
import type { QueryClient } from '@tanstack/react-query';
import { isValidElement, lazy, type ComponentType } from 'react';
import { Navigate, matchRoutes, type RouteObject } from 'react-router';

import { contestPaths } from '@/config/contest-paths';
import { FAVORITES_BASE, paths } from '@/config/paths';
import { insightPaths } from '@/config/insight-paths';
import { socialPaths } from '@/config/social-paths';
import { getSecurityQueryOptions } from '@/features/securities/api/get-security';
import { watchChunkLoad } from '@/lib/chunk-load';
import { stripFormatSuffix } from '@/lib/format-suffix';

import { withRootLayout } from './router';

/** How to fetch each lazily loaded screen's code, by its component (see preloadRoute). */
const routeLoads = new Map<unknown, () => Promise<unknown>>();

/**
 * A lazily loaded route module's default export (with its props, if it takes any). Its chunk
 * failing or taking over 120 s to arrive is reported (lib/chunk-load.ts, spec §8).
 */
function lazyRoute<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const watched = watchChunkLoad(load);
  const component = lazy(watched);
  routeLoads.set(component, watched);
  return component;
}

/** A lazily loaded named export of a route module (watched as lazyRoute's). */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  const watched = watchChunkLoad(load);
  const component = lazy(async () => ({ default: (await watched())[name] as ComponentType }));
  routeLoads.set(component, watched);
  return component;
}

// Route-level code splitting: each screen is its own chunk (the chart library
// is split further, see components/charts).
const HomeRoute = lazyRoute(() => import('./routes/home'));
const NotFoundRoute = lazyRoute(() => import('./routes/not-found'));
const NewsRedirectRoute = lazyRoute(() => import('./routes/news-redirect'));
const AssetRoute = lazyRoute(() => import('./routes/assets/asset'));
const StockLayout = lazyRoute(() => import('./routes/stocks/stock-layout'));
const StockOverviewRoute = lazyRoute(() => import('./routes/stocks/overview'));
const loadQuotations = () => import('./routes/stocks/quotations');
const StockQuotationsRoute = lazyRoute(loadQuotations);
const DailyQuotesRoute = lazyNamed(loadQuotations, 'DailyQuotesRoute');
const InvestorTrendsRoute = lazyNamed(loadQuotations, 'InvestorTrendsRoute');
const TraderBoardRoute = lazyNamed(loadQuotations, 'TraderBoardRoute');
const loadArticles = () => import('./routes/stocks/articles');
const StockArticlesRoute = lazyRoute(loadArticles);
const AllArticlesRoute = lazyNamed(loadArticles, 'AllArticlesRoute');
const NewsRoute = lazyNamed(loadArticles, 'NewsRoute');
const DisclosuresRoute = lazyNamed(loadArticles, 'DisclosuresRoute');
const StockAnalysisRoute = lazyRoute(() => import('./routes/stocks/analysis'));
const BoardRoute = lazyRoute(() => import('./routes/stocks/debates/board'));
const BoardPostRoute = lazyRoute(() => import('./routes/stocks/debates/post'));
const NewPostRoute = lazyRoute(() => import('./routes/stocks/debates/new-post'));
const MyBoardPostsRoute = lazyRoute(() => import('./routes/stocks/debates/my-board-posts'));
const LikedUsersRoute = lazyRoute(() => import('./routes/stocks/debates/liked-users'));
const DebateRoute = lazyRoute(() => import('./routes/debates/debate'));
const MyPostsRoute = lazyRoute(() => import('./routes/my/my-posts'));
const MyCommentsRoute = lazyRoute(() => import('./routes/my/my-comments'));
const NoticesRoute = lazyRoute(() => import('./routes/notices/notices'));
const NoticeRoute = lazyRoute(() => import('./routes/notices/notice'));
const CustomerSupportRoute = lazyRoute(() => import('./routes/support/customer-support'));
const TopicRoute = lazyRoute(() => import('./routes/investing-strategies/topic'));
const InvestingStrategiesRoute = lazyRoute(() => import('./routes/investing-strategies/index'));
const InsightArticleRoute = lazyRoute(() => import('./routes/investing-strategies/article'));
const ContributorRoute = lazyRoute(() => import('./routes/investing-strategies/contributor'));
const ContestsRoute = lazyRoute(() => import('./routes/contests/contests'));
const ContestRankersRoute = lazyRoute(() => import('./routes/contests/contest-rankers'));
const RankerRoute = lazyRoute(() => import('./routes/contests/ranker'));
const MyRoute = lazyRoute(() => import('./routes/my/my'));
const MyHistoryRoute = lazyRoute(() => import('./routes/my/history'));
const MyHistoryEditRoute = lazyRoute(() => import('./routes/my/history-edit'));
const FavoritesRoutes = lazyRoute(() => import('./routes/my/favorites/favorites-routes'));
const SearchRoute = lazyRoute(() => import('./routes/search/search'));
const SearchResultsRoute = lazyRoute(() => import('./routes/search/results'));
const TrendLayout = lazyRoute(() => import('./routes/trend/trend-layout'));
const DomesticTrendRoute = lazyRoute(() => import('./routes/trend/domestic'));
const ForeignTrendRoute = lazyRoute(() => import('./routes/trend/foreign'));
const ForexTrendRoute = lazyRoute(() => import('./routes/trend/forex'));
const MarketTrendRoute = lazyRoute(() => import('./routes/trend/market'));
const CollectionRoute = lazyRoute(() => import('./routes/trend/collection'));
const WicsSectorsRoute = lazyRoute(() => import('./routes/trend/wics-sectors'));
const SettingsRoute = lazyRoute(() => import('./routes/settings/settings'));
const KakaoCallbackRoute = lazyRoute(() => import('./routes/oauth-kakao'));
const TermsServiceRoute = lazyRoute(() => import('./routes/terms/service'));
const TermsPrivacyRoute = lazyRoute(() => import('./routes/terms/privacy'));
const TermsContentRoute = lazyRoute(() => import('./routes/terms/content'));
const Web2AppRoute = lazyRoute(() => import('./routes/web2app/web2app'));

/** Every screen, under the root layout (the shell's: header, tab bar, modal host). */
export const routes: RouteObject[] = withRootLayout([
  // The root redirects to /m.
  { path: paths.root.path, element: <Navigate to={paths.home.getHref()} replace /> },
  { path: paths.home.path, element: <HomeRoute /> },
  {
    path: paths.stock.path,
    element: <StockLayout />,
    children: [
      { index: true, element: <StockOverviewRoute /> },
      {
        path: paths.stockQuotations.path,
        element: <StockQuotationsRoute />,
        children: [
          // /quotations shows 일별 (spec §2: default daily).
          { index: true, element: <Navigate to="daily" replace /> },
          { path: paths.stockQuotationsDaily.path, element: <DailyQuotesRoute /> },
          { path: paths.stockQuotationsForeign.path, element: <InvestorTrendsRoute /> },
          { path: paths.stockQuotationsTrader.path, element: <TraderBoardRoute /> },
        ],
      },
      { path: paths.stockAnalysis.path, element: <StockAnalysisRoute /> },
      {
        path: paths.stockArticles.path,
        element: <StockArticlesRoute />,
        children: [
          { index: true, element: <AllArticlesRoute /> },
          { path: paths.stockArticlesNews.path, element: <NewsRoute /> },
          { path: paths.stockArticlesDisclosures.path, element: <DisclosuresRoute /> },
        ],
      },
      // 토론: the board, a post, the new-post form, 내 글, who liked a post.
      { path: socialPaths.board.path, element: <BoardRoute /> },
      { path: socialPaths.newPost.path, element: <NewPostRoute /> },
      { path: socialPaths.myBoardPosts.path, element: <MyBoardPostsRoute /> },
      { path: socialPaths.boardPost.path, element: <BoardPostRoute /> },
      { path: socialPaths.likedUsers.path, element: <LikedUsersRoute /> },
    ],
  },
  {
    path: paths.trend.path,
    element: <TrendLayout />,
    children: [
      // /trend shows 국내 (spec §2).
      { index: true, element: <Navigate to="domestic" replace /> },
      { path: paths.trendDomestic.path, element: <DomesticTrendRoute /> },
      { path: paths.trendForeign.path, element: <ForeignTrendRoute /> },
      { path: paths.trendForex.path, element: <ForexTrendRoute /> },
      { path: paths.trendKospi.path, element: <MarketTrendRoute market="kospi" /> },
      { path: paths.trendKosdaq.path, element: <MarketTrendRoute market="kosdaq" /> },
      { path: paths.trendCollectionA.path, element: <CollectionRoute collection="a" /> },
      { path: paths.trendCollectionB.path, element: <CollectionRoute collection="b" /> },
      { path: paths.trendWicsSectors.path, element: <WicsSectorsRoute /> },
      { path: paths.trendWicsSector.path, element: <WicsSectorsRoute /> },
    ],
  },
  { path: paths.asset.path, element: <AssetRoute /> },
  { path: paths.my.path, element: <MyRoute /> },
  { path: paths.myHistory.path, element: <MyHistoryRoute /> },
  { path: paths.myHistoryEdit.path, element: <MyHistoryEditRoute /> },
  { path: socialPaths.myPosts.path, element: <MyPostsRoute /> },
  { path: socialPaths.myComments.path, element: <MyCommentsRoute /> },
  { path: socialPaths.notices.path, element: <NoticesRoute /> },
  { path: socialPaths.notice.path, element: <NoticeRoute /> },
  { path: socialPaths.customerSupport.path, element: <CustomerSupportRoute /> },
  { path: socialPaths.topic.path, element: <TopicRoute /> },
  // 투자전략: insight articles and their contributors.
  { path: insightPaths.index.path, element: <InvestingStrategiesRoute /> },
  { path: insightPaths.article.path, element: <InsightArticleRoute /> },
  { path: insightPaths.contributor.path, element: <ContributorRoute /> },
  { path: contestPaths.contests.path, element: <ContestsRoute /> },
  { path: contestPaths.contestRankers.path, element: <ContestRankersRoute /> },
  { path: contestPaths.ranker.path, element: <RankerRoute /> },
  // /m/debates goes to the root (spec §2), which shows /m; a post by its id alone.
  { path: socialPaths.debates.path, element: <Navigate to={paths.home.getHref()} replace /> },
  { path: socialPaths.debate.path, element: <DebateRoute /> },
  // 관심종목 and its sub-pages: one splat route, their own routes in their chunk.
  { path: `${FAVORITES_BASE}/*`, element: <FavoritesRoutes /> },
  { path: paths.search.path, element: <SearchRoute /> },
  { path: paths.searchQuery.path, element: <SearchResultsRoute /> },
  // Members only: a visitor is sent to the login and brought back (spec §2).
  { path: paths.settings.path, element: <SettingsRoute /> },
  { path: paths.oauthKakao.path, element: <KakaoCallbackRoute /> },
  { path: paths.termsService.path, element: <TermsServiceRoute /> },
  { path: paths.termsPrivacy.path, element: <TermsPrivacyRoute /> },
  { path: paths.termsContent.path, element: <TermsContentRoute /> },
  // The news screens live on an external site.
  { path: paths.news.path, element: <NewsRedirectRoute /> },
  { path: paths.newsPopular.path, element: <NewsRedirectRoute /> },
  { path: paths.newsLatest.path, element: <NewsRedirectRoute /> },
  // Open the app at a deep-link target, else its store (spec §2 web2app/{host}, web2app/test).
  { path: paths.web2app.path, element: <Web2AppRoute /> },
  // Screens not built yet and unknown paths.
  { path: '*', element: <NotFoundRoute /> },
]);

/**
 * Starts what the first address needs, all at once, before the first render: the code of
 * every screen it shows (a stock page's tab inside its layout would otherwise be fetched only
 * once its parent had arrived and rendered, one round trip later), and the stock page's
 * security, whose price is the page's largest paint (otherwise asked for only once the
 * layout's code had arrived and rendered).
 *
 * `data: false` when hydrating a prerendered page: an answer that arrived before its part of
 * the page is hydrated would make the first render differ from the prerendered markup (the
 * security the gateway put in the page is in the cache already; without it, the header asks
 * once hydrated).
 */
export function preloadRoute(
  pathname: string,
  queryClient: QueryClient,
  { data = true }: { data?: boolean } = {},
): void {
  for (const { route, params } of matchRoutes(routes, stripFormatSuffix(pathname) ?? pathname) ?? []) {
    if (isValidElement(route.element)) void routeLoads.get(route.element.type)?.();
    if (data && route.path === paths.stock.path && params.securityId) {
      void queryClient.prefetchQuery(getSecurityQueryOptions(params.securityId));
    }
  }
}
