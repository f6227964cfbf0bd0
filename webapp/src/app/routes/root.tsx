import { Suspense, lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ErrorFallback } from '@/components/errors/error-fallback';
import { AppLayout } from '@/components/layouts/app-layout';
import { ScrollRestoration } from '@/components/layouts/scroll-restoration';
import { PageStates } from '@/components/layouts/page-states';
import { ModalHost } from '@/components/modals/modal-host';
import { Loading } from '@/components/ui/loading';
import { currentAppType } from '@/lib/app-bridge/app-type';
import { stripFormatSuffix } from '@/lib/format-suffix';
import { useTrackNavigation } from '@/lib/navigation-history';
import { useHydrated } from '@/lib/use-hydrated';

import { modalComponents } from '../modals';

// The header's 로그인 / nickname: loaded once the page runs (no prerendered page knows the member).
const AccountEntry = lazy(() => import('@/features/identity/components/account-entry'));
const HEADER_SPACER = <span className="app-header__spacer" />;
// Inside an app only: the app's events and what they show (app/app-bridge/).
const AppBridgeHost = lazy(() => import('../app-bridge/app-bridge-host'));
// In a browser on a touch screen only (the app has its own pull and tells the page).
const PullToRefresh = lazy(() => import('@/components/layouts/pull-to-refresh'));

/**
 * Its own component so that turning hydrated re-renders only this cell: an update above a
 * route still hydrating would make React drop that route's prerendered markup.
 */
function HeaderAccount() {
  if (!useHydrated()) return HEADER_SPACER;
  return (
    <Suspense fallback={HEADER_SPACER}>
      <AccountEntry />
    </Suspense>
  );
}

/**
 * The app bridge's host inside an app, pull to refresh in a touch screen's browser: once
 * hydrated (no prerendered page has them).
 */
function AfterHydration() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  if (!currentAppType()) {
    return navigator.maxTouchPoints > 0 ? (
      <Suspense fallback={null}>
        <PullToRefresh />
      </Suspense>
    ) : null;
  }
  return (
    <Suspense fallback={null}>
      <AppBridgeHost />
    </Suspense>
  );
}

/** Layout of every route; also drops an optional `.json` / `.html` format suffix. */
export function RootRoute() {
  const location = useLocation();
  useTrackNavigation();
  const withoutSuffix = stripFormatSuffix(location.pathname);
  if (withoutSuffix !== null) {
    return <Navigate replace to={{ pathname: withoutSuffix, search: location.search, hash: location.hash }} />;
  }

  return (
    <AppLayout headerEnd={<HeaderAccount />}>
      <PageStates />
      {/* New pages start at the top; back and forward return to where the page was scrolled. */}
      <ScrollRestoration />
      {/* An error does not outlive its screen: a new path clears it. Healthy screens are not
          remounted, so moving between the tabs of a page keeps the page (and its live stream). */}
      <ErrorBoundary resetKey={location.pathname} fallback={({ reset }) => <ErrorFallback onRetry={reset} />}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <ModalHost components={modalComponents} />
      <AfterHydration />
    </AppLayout>
  );
}
