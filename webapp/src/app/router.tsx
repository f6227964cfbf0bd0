// The router of the shell: the root layout, and whatever route table it is given
// (app/route-table.tsx, loaded by app/start.tsx before the first render; the prerender imports
// it directly).
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ErrorFallback } from '@/components/errors/error-fallback';

import { RootRoute } from './routes/root';

/** The screens under the layout of every page (header, tab bar, modal host), which the shell holds. */
export function withRootLayout(children: RouteObject[]): RouteObject[] {
  return [{ element: <RootRoute />, children }];
}

/** The routes under whichever router renders them: the browser's (AppRouter) or the prerender's static one. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes);
  return (
    // Last resort when the layout itself failed; moving through history clears it.
    <ErrorBoundary resetKey={location.key} fallback={() => <ErrorFallback />}>
      {element}
    </ErrorBoundary>
  );
}

/**
 * The declarative router: the app loads no data through routes (TanStack Query does), so
 * the data router's loaders, actions and fetchers would be dead weight in the entry chunk
 * (about 18 kB of its 113 kB gzip). Scroll restoration and the layout's error page, the two
 * things it gave us, are ours (components/layouts/scroll-restoration.tsx, the boundary above).
 */
export function AppRouter({ routes }: { routes: RouteObject[] }) {
  return (
    <BrowserRouter>
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}
