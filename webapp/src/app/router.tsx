import { lazy, useMemo, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { paths } from '@/config/paths';

import { RootRoute } from './routes/root';
import { RouteErrorPage } from './routes/route-error';

/** A lazily loaded named export of a route module. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// Route-level code splitting: each screen is its own chunk (the chart library
// is split further, see components/charts).
const HomeRoute = lazy(() => import('./routes/home'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const NewsRedirectRoute = lazy(() => import('./routes/news-redirect'));
const AssetRoute = lazy(() => import('./routes/assets/asset'));
const StockLayout = lazy(() => import('./routes/stocks/stock-layout'));
const StockOverviewRoute = lazy(() => import('./routes/stocks/overview'));
const loadQuotations = () => import('./routes/stocks/quotations');
const StockQuotationsRoute = lazy(loadQuotations);
const DailyQuotesRoute = lazyNamed(loadQuotations, 'DailyQuotesRoute');
const InvestorTrendsRoute = lazyNamed(loadQuotations, 'InvestorTrendsRoute');
const TraderBoardRoute = lazyNamed(loadQuotations, 'TraderBoardRoute');
const loadArticles = () => import('./routes/stocks/articles');
const StockArticlesRoute = lazy(loadArticles);
const AllArticlesRoute = lazyNamed(loadArticles, 'AllArticlesRoute');
const NewsRoute = lazyNamed(loadArticles, 'NewsRoute');
const DisclosuresRoute = lazyNamed(loadArticles, 'DisclosuresRoute');
const StockAnalysisRoute = lazy(() => import('./routes/stocks/analysis'));

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
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
          // 토론 (paths.stockDebates) is not built yet: it falls through to the fallback page.
        ],
      },
      { path: paths.asset.path, element: <AssetRoute /> },
      // The news screens live on an external site.
      { path: paths.news.path, element: <NewsRedirectRoute /> },
      { path: paths.newsPopular.path, element: <NewsRedirectRoute /> },
      { path: paths.newsLatest.path, element: <NewsRedirectRoute /> },
      // Screens not built yet (트렌드, 검색, MY, 토론, …) and unknown paths.
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
}
