// Starting the app in the page (main.tsx): hydrate the markup a prerendered page carries
// (src/prerender/), or render from scratch.
//
// The gateway serves `/m` and `/m/stocks/{id}` prerendered: `#root` holds the markup, and
// `data-prerendered-path` names the path it was rendered for. On the stock page it also puts
// the security in the head, `<script type="application/json" id="sise-initial-data">` with
// `{"security_id": "…", "security": <GET /api/v1/securities/{id}>, "fetched_at": <epoch ms>}`,
// and the header rendered with it in the markup: the security is seeded into the cache before
// the first render, so that render matches the markup and the security is not asked again.
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import type { RouteObject } from 'react-router';

import { identityApiAuth } from '@/features/identity/login-store';
import type { SecurityDetail } from '@/features/securities/types';
import { configureApiAuth } from '@/lib/api';
import { currentAppType, parseUserAgent } from '@/lib/app-bridge/app-type';
import { securityKeys } from '@/lib/query-keys';
import { createQueryClient } from '@/lib/react-query';

import { App } from './index';

export const INITIAL_DATA_ID = 'sise-initial-data';
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';

/** The security the gateway put in the page (see above). */
export type InitialData = { security_id: string; security: SecurityDetail; fetched_at: number };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The page's initial data, or null when it has none (or none that reads as such). */
export function readInitialData(doc: Document): InitialData | null {
  const text = doc.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    console.warn(`#${INITIAL_DATA_ID} is not JSON: ignored`);
    return null;
  }
  if (
    !isObject(data) ||
    typeof data.security_id !== 'string' ||
    !isObject(data.security) ||
    !isObject(data.security.security) ||
    !isObject(data.security.quote) ||
    typeof data.fetched_at !== 'number' ||
    !Number.isFinite(data.fetched_at)
  ) {
    console.warn(`#${INITIAL_DATA_ID} has not the expected shape: ignored`);
    return null;
  }
  return data as InitialData;
}

/** Puts the page's initial data in the cache, as fetched when the gateway fetched it. */
export function seedInitialData(queryClient: QueryClient, data: InitialData | null): void {
  if (!data) return;
  queryClient.setQueryData(securityKeys.detail(data.security_id), data.security, { updatedAt: data.fetched_at });
}

/**
 * Whether `root` holds markup prerendered for this very address. Only then is it hydrated: the
 * markup of another path, or with a search (`?chart=1y` changes the overview), would not match.
 */
export function isPrerenderedFor(root: HTMLElement, location: Pick<Location, 'pathname' | 'search'>): boolean {
  return (
    root.hasChildNodes() &&
    root.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === location.pathname &&
    location.search === ''
  );
}

type StartOptions = {
  doc?: Document;
  location?: Pick<Location, 'pathname' | 'search'>;
  queryClient?: QueryClient;
  rootOptions?: RootOptions;
};

/** Messages the app sends before the bridge's chunk arrives, kept for it (bridge.ts takes them). */
const MAX_EARLY_MESSAGES = 100;

/**
 * Inside an app (spec §1, by the user agent), the bridge loads at start, beside the route table:
 * until it arrives, `window.SiseBridge.receive` keeps the app's messages. In a browser nothing
 * of it loads (docs/app-bridge.md).
 */
function startAppBridge(
  win: Window & { SiseBridge?: { receive: (message: unknown) => void; queue?: unknown[] } },
): Promise<void> | undefined {
  if (parseUserAgent(navigator.userAgent) === 'unreadable') {
    void import('@/lib/app-bridge/errors').then(({ AppBridgeError, reportBridgeError }) =>
      reportBridgeError(new AppBridgeError('user_agent_unreadable', { userAgent: navigator.userAgent })),
    );
  }
  if (!currentAppType()) return undefined;
  const queue: unknown[] = [];
  win.SiseBridge ??= { queue, receive: (message) => void (queue.length < MAX_EARLY_MESSAGES && queue.push(message)) };
  return import('./app-bridge/start')
    .then((bridge) => bridge.startAppBridge())
    .catch((error: unknown) => reportStartupFailure('the app bridge did not start', error));
}

/** A start-up failure: reported (lib/error-reporting.ts), never shown (spec §4). */
function reportStartupFailure(what: string, error: unknown): void {
  console.error(what, error);
  import('@/lib/error-reporting')
    .then(({ reportError }) => reportError('startup', error))
    .catch(() => undefined);
}

/**
 * The maintenance check (spec §4), a chunk of its own beside the route table: nothing of the
 * first render waits for it. Inside an app it asks the app's emergency skip, so once the bridge
 * is up. Its own failures it reports itself.
 */
function startMaintenanceCheck(bridgeStarted: Promise<void> | undefined): void {
  Promise.all([import('@/features/site/maintenance'), bridgeStarted])
    .then(([{ checkMaintenance }]) => checkMaintenance())
    .catch((error: unknown) => reportStartupFailure('the maintenance check did not start', error));
}

/**
 * What the page needs only once it shows (analytics and its page views, the runtime errors'
 * reporting: app/after-paint.ts), loaded after the first paint.
 */
function startAfterFirstPaint(routes: RouteObject[], queryClient: QueryClient): void {
  const start = () =>
    import('./after-paint')
      .then(({ startAfterPaint }) => startAfterPaint(routes, queryClient))
      .catch((error: unknown) => reportStartupFailure('analytics did not start', error));
  // The frame after the first render's is painted; the timeout lets that paint happen first.
  requestAnimationFrame(() => setTimeout(start, 0));
}

/**
 * Seeds the cache, loads the route table (preloaded beside the shell), starts what the address
 * needs, then hydrates or renders `#root`.
 */
export async function startApp(
  rootElement: HTMLElement,
  { doc = document, location = window.location, queryClient = createQueryClient(), rootOptions }: StartOptions = {},
): Promise<{ root: Root; hydrated: boolean; queryClient: QueryClient }> {
  // Signed-in members' calls carry their token from the first one on (preloadRoute's too).
  configureApiAuth(identityApiAuth);
  const bridgeStarted = startAppBridge(window);
  startMaintenanceCheck(bridgeStarted);
  const hydrated = isPrerenderedFor(rootElement, location);
  seedInitialData(queryClient, readInitialData(doc));
  // Inside an app the first request waits for the bridge (loaded beside the route table): a
  // token refused by then is renewed through the app, not dropped (appApiAuth).
  const [{ routes, preloadRoute }] = await Promise.all([import('./route-table'), bridgeStarted]);
  preloadRoute(location.pathname, queryClient, { data: !hydrated });

  const app = (
    <StrictMode>
      <App queryClient={queryClient} routes={routes} />
    </StrictMode>
  );
  if (hydrated) {
    // In a transition, React hydrates in slices and lets the browser in between (the page is
    // painted and readable meanwhile) instead of in one long task.
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(rootElement, app, rootOptions);
    });
    if (!root) throw new Error('hydrateRoot returned no root');
    startAfterFirstPaint(routes, queryClient);
    return { root, hydrated, queryClient };
  }
  // Markup for another address (if any) is replaced by the first render.
  const root = createRoot(rootElement, rootOptions);
  root.render(app);
  startAfterFirstPaint(routes, queryClient);
  return { root, hydrated, queryClient };
}
