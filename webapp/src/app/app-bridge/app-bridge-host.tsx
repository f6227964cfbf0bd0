// The app bridge's part of every page inside an app (mounted by the root layout once hydrated,
// only when the user agent names an app): registers the handler of every app event
// (event-handlers.ts), asks the app at start for what the page needs (the member's token, the
// app's version, notifications, emergency skip, quotation token), and shows what the app's
// events leave on screen: the pull-to-refresh indicator and the new-notification banner.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { getLogin } from '@/features/identity/login-store';
import { updateAppState, useAppState } from '@/lib/app-bridge/app-state';
import { getAppBridge } from '@/lib/app-bridge/bridge';
import { openDeepLink } from '@/lib/app-bridge/deep-links';
import { reportBridgeError } from '@/lib/app-bridge/errors';
import { BRIDGE_EVENTS } from '@/lib/app-bridge/protocol';

import { createEventHandlers, type HandlerContext } from './event-handlers';
import './app-bridge-host.css';
// The band the browser's pull to refresh shows too.
import '@/components/layouts/pull-to-refresh.css';

/** Where the page is when an event arrives (the router keeps the browser's history in step). */
function currentLocation() {
  const key = (window.history.state as { key?: unknown } | null)?.key;
  return { pathname: window.location.pathname, search: window.location.search, key: typeof key === 'string' ? key : 'default' };
}

/** How tall the pull indicator grows at a full pull, in px. */
const PULL_HEIGHT_PX = 56;

export default function AppBridgeHost() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pullProgress, refreshing, newNotifications, newNotificationTitle } = useAppState();

  useEffect(() => {
    const bridge = getAppBridge();
    const ctx: HandlerContext = {
      bridge,
      queryClient,
      navigate: (to) => void (typeof to === 'number' ? navigate(to) : navigate(to)),
      location: currentLocation,
    };
    const handlers = createEventHandlers(ctx);
    const unsubscribe = BRIDGE_EVENTS.map((event) =>
      bridge.on(event, handlers[event] as (payload: unknown) => void),
    );
    // What the page needs from the app at start; each answer goes through its event's handler.
    const ask = <T,>(promise: Promise<T>, use: (value: T) => void) => void promise.then(use).catch(reportBridgeError);
    if (!getLogin().isAuthenticated) ask(bridge.getToken(), (token) => handlers.token({ token: token ?? '' }));
    ask(bridge.getAppInfo(), (info) => info && handlers.appInfo(info));
    ask(bridge.getAlarmState(), (enabled) => enabled !== null && handlers.alarmState({ enabled }));
    ask(bridge.getEmergencySkip(), (skip) => handlers.emergencySkip({ skip }));
    // Kept only: the prices being read now are read after it came, nothing to read again.
    ask(bridge.getQuotationToken(), (token) => token && updateAppState({ quotationToken: token }));
    return () => unsubscribe.forEach((off) => off());
  }, [navigate, queryClient]);

  const pulled = refreshing ? 1 : pullProgress;
  return (
    <>
      {pulled > 0 ? (
        <div className="pull-to-refresh" style={{ height: Math.round(pulled * PULL_HEIGHT_PX) }} role="status">
          {refreshing ? '새로고침 중…' : pulled >= 1 ? '놓으면 새로고침' : null}
        </div>
      ) : null}
      {newNotifications > 0 ? (
        <div className="app-bridge-notice" role="status">
          <button
            type="button"
            className="app-bridge-notice__open"
            onClick={() => {
              updateAppState({ newNotifications: 0, newNotificationTitle: null });
              try {
                openDeepLink('alarm', {});
              } catch (error) {
                reportBridgeError(error);
              }
            }}
          >
            새 알림 {newNotifications}건{newNotificationTitle ? `: ${newNotificationTitle}` : ''}
          </button>
          <button
            type="button"
            className="app-bridge-notice__close"
            aria-label="알림 닫기"
            onClick={() => updateAppState({ newNotifications: 0, newNotificationTitle: null })}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      ) : null}
    </>
  );
}
