import { lazy, Suspense } from 'react';
import { Outlet, useParams } from 'react-router';

import { ShareButton } from '@/components/share/share-button';
import { Loading } from '@/components/ui/loading';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { TabNav } from '@/components/ui/tab-nav';
import { useRecordRecentStock } from '@/features/history/hooks/use-recent-stocks';
import { useSecurity } from '@/features/securities/api/get-security';
import { StockHeader } from '@/features/securities/components/stock-header';
import { useHydrated } from '@/lib/use-hydrated';

import NotFoundRoute from '../not-found';

import { OrderButton } from './components/order-button';
import { RealtimeInAppButton } from './components/realtime-in-app-button';

import { stockTabs } from './stock-tabs';

// The heart needs the login and the favorites code: loaded once the page is hydrated, so the
// prerendered markup and the page's first load stay as they are.
const StockFavoriteHeart = lazy(() => import('@/app/favorites/favorite-heart'));

/**
 * /m/stocks/:securityId and its tabs: the live price header and the tab row
 * stay while the tab below them changes.
 */
export default function StockLayout() {
  const { securityId } = useParams();
  if (!securityId) return <NotFoundRoute />;
  return <StockPage key={securityId} securityId={securityId} />;
}

function StockPage({ securityId }: { securityId: string }) {
  const securityQuery = useSecurity(securityId);
  // A view counts once the security is known (an unknown id stays out of 최근 본 종목),
  // under the id the API gives; recorded after the render, so hydration is not affected.
  useRecordRecentStock(securityQuery.data?.security.security_id);
  // An unknown or malformed id: the header says so, and there are no tabs to show.
  const failed = securityQuery.isError && securityQuery.data === undefined;
  const hydrated = useHydrated();
  return (
    <>
      <SampleDataNotice />
      {hydrated && !failed ? (
        <>
          <div className="share-button-slot">
            <ShareButton />
          </div>
          <Suspense fallback={null}>
            <StockFavoriteHeart securityId={securityId} />
          </Suspense>
          <RealtimeInAppButton securityId={securityId} />
          {securityQuery.data ? (
            <OrderButton securityId={securityId} securityName={securityQuery.data.security.name} />
          ) : null}
        </>
      ) : null}
      <StockHeader securityId={securityId} />
      {failed ? null : (
        <>
          <TabNav items={stockTabs(securityId)} label="종목 메뉴" />
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </>
      )}
    </>
  );
}
