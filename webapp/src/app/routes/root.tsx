import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ErrorFallback } from '@/components/errors/error-fallback';
import { AppLayout } from '@/components/layouts/app-layout';
import { ScrollRestoration } from '@/components/layouts/scroll-restoration';
import { Loading } from '@/components/ui/loading';
import { stripFormatSuffix } from '@/lib/format-suffix';

/** Layout of every route; also drops an optional `.json` / `.html` format suffix. */
export function RootRoute() {
  const location = useLocation();
  const withoutSuffix = stripFormatSuffix(location.pathname);
  if (withoutSuffix !== null) {
    return <Navigate replace to={{ pathname: withoutSuffix, search: location.search, hash: location.hash }} />;
  }

  return (
    <AppLayout>
      {/* New pages start at the top; back and forward return to where the page was scrolled. */}
      <ScrollRestoration />
      {/* An error does not outlive its screen: a new path clears it. Healthy screens are not
          remounted, so moving between the tabs of a page keeps the page (and its live stream). */}
      <ErrorBoundary resetKey={location.pathname} fallback={({ reset }) => <ErrorFallback onRetry={reset} />}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </AppLayout>
  );
}
