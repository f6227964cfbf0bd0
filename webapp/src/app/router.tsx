import { lazy, useMemo } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { paths } from '@/config/paths';

import { RootRoute } from './routes/root';
import { RouteErrorPage } from './routes/route-error';

// Route-level code splitting: each screen is its own chunk.
const HomeRoute = lazy(() => import('./routes/home'));
const StockRoute = lazy(() => import('./routes/stocks/stock'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      // The root redirects to /m.
      { path: paths.root.path, element: <Navigate to={paths.home.getHref()} replace /> },
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.stock.path, element: <StockRoute /> },
      // Screens not built yet (트렌드, 뉴스, 검색, MY, …) and unknown paths.
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
}
