// What the page starts once it shows (app/start.tsx loads this after the first paint): the
// reporting of errors nothing caught, analytics with a page view on every location (the
// route table gives the screens' patterns), and the cache dropping the member's answers when
// the login ends outside a sign-out (features/identity/member-cache).
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { dropMemberAnswersOnSignOut } from '@/features/identity/member-cache';

import { initAnalytics } from '@/lib/analytics/analytics';
import { trackPageViews } from '@/lib/analytics/page-views';
import { appTypeName } from '@/lib/app-bridge/app-type';
import { reportError, reportRuntimeErrors } from '@/lib/error-reporting';

export async function startAfterPaint(routes: RouteObject[], queryClient: QueryClient): Promise<void> {
  reportRuntimeErrors();
  dropMemberAnswersOnSignOut(queryClient);
  const analytics = await initAnalytics();
  analytics.setUserProperties({ app_type: appTypeName() });
  trackPageViews(routes, (name, options) => {
    try {
      analytics.track(name, options);
    } catch (error) {
      // An event the limits refuse is the page's bug: reported, the page goes on.
      reportError('runtime', error);
    }
  });
}
