// What each app event of spec §4 does on the page it reaches (docs/app-bridge.md, "Events"):
// one handler per event, all 25, over what the page has at hand (the router, the query cache,
// the bridge). The host (app-bridge-host.tsx) registers them while the page runs in an app.
import { focusManager, type QueryClient } from '@tanstack/react-query';

import { closeTopModal } from '@/components/modals/modal-store';
import { paths } from '@/config/paths';
import { socialPaths } from '@/config/social-paths';
import { loginInApp, loginWithAppToken } from '@/features/identity/app-login';
import type { LoginOutcome } from '@/features/identity/login-flow';
import { clearLogin, getLogin } from '@/features/identity/login-store';
import { changeMember } from '@/features/identity/member-cache';
import { userKeys } from '@/features/identity/queries';
import { FONT_SIZES, type FontSize } from '@/features/preferences/font-size';
import { setFontSize } from '@/features/preferences/use-font-size';
import { updateAppState } from '@/lib/app-bridge/app-state';
import { fontSizeLevel, type AppBridge } from '@/lib/app-bridge/bridge';
import { AppBridgeError, reportBridgeError } from '@/lib/app-bridge/errors';
import type { AttachmentItem, BridgeEventName, BridgeEvents } from '@/lib/app-bridge/protocol';
import { rememberLocation } from '@/lib/navigation-history';
import { securityKeys } from '@/lib/query-keys';

export type HandlerContext = {
  bridge: AppBridge;
  queryClient: QueryClient;
  /** The router's navigate (a path, or -1 for back). */
  navigate: (to: string | number) => void;
  /** Where the page is now. */
  location: () => { pathname: string; search: string; key: string };
};

export type EventHandlers = { [E in BridgeEventName]: (payload: BridgeEvents[E]) => void };

/** The board categories the app's post tag filter may name (features/social CATEGORY_FILTERS). */
const POST_TAGS = ['opinion', 'question', 'news'];
const STOCK_PATH = /^\/m\/stocks\/([^/]+)(?:\/|$)/;
const BOARD_PATH = /^\/m\/stocks\/[^/]+\/debates\/?$/;

/** The app's font size level (1–5, 3 the normal size) as the page's size (size2 the normal one). */
export function fontSizeOfLevel(level: number): FontSize {
  const index = Math.min(Math.max(level - 2, 0), FONT_SIZES.length - 1);
  return FONT_SIZES[index] ?? 'size2';
}

/** The stock the page shows, if it is a stock's page. */
function currentSecurity(ctx: HandlerContext): string | null {
  const id = STOCK_PATH.exec(ctx.location().pathname)?.[1];
  return id ? decodeURIComponent(id) : null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Files of the pictures the app picked (base64), for the page's picture input. */
export function attachmentFiles(items: AttachmentItem[]): File[] {
  return items
    .filter((item) => isText(item.name) && item.type.startsWith("image/") && isText(item.data))
    .map((item) => {
      const bytes = Uint8Array.from(atob(item.data), (char) => char.charCodeAt(0));
      return new File([bytes], item.name, { type: item.type });
    });
}

/**
 * Signs in with what `run` brings (a token the app sent or gave: spec §4 token event); the
 * page's data follow the member (member-cache.ts: another member's are dropped).
 */
function signIn(ctx: HandlerContext, run: () => Promise<LoginOutcome | null>): Promise<void> {
  return changeMember(ctx.queryClient, async () => {
    const outcome = await run();
    return outcome?.status === 'logged_in' ? outcome.user : undefined;
  });
}

/** Signed out in the app: signed out here too, and the member's data are dropped. */
function signOut(ctx: HandlerContext): Promise<void> {
  return changeMember(ctx.queryClient, () => {
    clearLogin();
    return Promise.resolve(null);
  });
}

export function createEventHandlers(ctx: HandlerContext): EventHandlers {
  const report = (promise: Promise<unknown>) => void promise.catch(reportBridgeError);
  return {
    token: ({ token }) => {
      if (!isText(token)) {
        reportBridgeError(new AppBridgeError('bridge_empty_token', { event: 'token' }));
        return;
      }
      report(signIn(ctx, () => loginWithAppToken(token)));
    },
    quotationToken: ({ token }) => {
      if (!isText(token)) {
        reportBridgeError(new AppBridgeError('bridge_empty_token', { event: 'quotationToken' }));
        return;
      }
      updateAppState({ quotationToken: token });
      // Prices read before the token came are read again with it.
      report(ctx.queryClient.invalidateQueries({ queryKey: securityKeys.all }));
    },
    backKey: () => {
      // The hardware back key: the top modal first, then the page's history, then the web view.
      if (closeTopModal()) return;
      if (ctx.location().key !== 'default') ctx.navigate(-1);
      else report(ctx.bridge.close());
    },
    groupInfos: () => {
      // The app changed the member's favorite groups.
      report(ctx.queryClient.invalidateQueries({ queryKey: ['favorites'] }));
    },
    userInfo: ({ user }) => {
      if (user === null || user === undefined) {
        report(signOut(ctx));
        return;
      }
      report(ctx.queryClient.invalidateQueries({ queryKey: userKeys.me() }));
    },
    userId: ({ userId }) => {
      if (!isText(userId)) report(signOut(ctx));
      else if (!getLogin().isAuthenticated) report(signIn(ctx, () => loginInApp({ refresh: false })));
    },
    appInfo: (info) => {
      if (isText(info.version)) updateAppState({ appInfo: info });
    },
    alarmState: ({ enabled }) => {
      if (typeof enabled === 'boolean') updateAppState({ alarmEnabled: enabled });
    },
    fontSizeLevel: (payload) => {
      const level = fontSizeLevel(payload);
      if (level === null) reportBridgeError(new AppBridgeError('bridge_event_bus_error', { event: 'fontSizeLevel', payload }));
      else setFontSize(fontSizeOfLevel(level));
    },
    emergencySkip: ({ skip }) => updateAppState({ emergencySkip: skip === true }),
    shareClick: () => report(ctx.bridge.share({ url: window.location.href, title: document.title })),
    chartImage: ({ visible }) => {
      updateAppState({ chartImageVisible: visible !== false });
      // index.css hides the charts while the app shows its own image of them.
      document.documentElement.dataset.chartImage = visible === false ? 'off' : 'on';
    },
    storageData: ({ key, value }) => {
      if (isText(key)) updateAppState((state) => ({ storage: { ...state.storage, [key]: value ?? null } }));
    },
    webVisibility: ({ visible }) => {
      // Hidden behind another app screen: no refetching; back in view: stale data refetched.
      focusManager.setFocused(visible !== false);
    },
    newNotification: ({ count, title }) =>
      updateAppState((state) => ({
        newNotifications: state.newNotifications + (typeof count === 'number' && count > 0 ? count : 1),
        newNotificationTitle: isText(title) ? title : state.newNotificationTitle,
      })),
    pullToRefresh: () => {
      updateAppState({ refreshing: true, pullProgress: 0 });
      report(
        ctx.queryClient.refetchQueries({ type: 'active' }).finally(() => updateAppState({ refreshing: false })),
      );
    },
    expandingProgress: ({ progress }) => {
      const value = typeof progress === 'number' && Number.isFinite(progress) ? Math.min(Math.max(progress, 0), 1) : 0;
      updateAppState({ pullProgress: value });
    },
    postTagFilter: ({ tag }) => {
      const { pathname, search } = ctx.location();
      if (!BOARD_PATH.test(pathname)) return;
      const params = new URLSearchParams(search);
      if (POST_TAGS.includes(tag)) params.set('category', tag);
      else params.delete('category');
      const query = params.toString();
      ctx.navigate(query ? `${pathname}?${query}` : pathname);
    },
    functionAvailability: ({ name, available }) => {
      // The bridge believes it for its own calls (bridge.ts); the page's buttons read it here.
      if (isText(name)) updateAppState((state) => ({ functions: { ...state.functions, [name]: available === true } }));
    },
    scrollTop: () => {
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    },
    investmentLevelImage: ({ url }) =>
      updateAppState({ investmentLevelImage: isText(url) && /^https?:\/\//i.test(url) ? url : null }),
    postWriteClick: ({ securityId }) => {
      const id = isText(securityId) ? securityId : currentSecurity(ctx);
      if (id) {
        // Once posted, the form goes back here (lib/navigation-history.ts).
        rememberLocation();
        ctx.navigate(socialPaths.newPost.getHref(id));
      }
      else reportBridgeError(new AppBridgeError('bridge_event_bus_error', { event: 'postWriteClick', reason: 'no stock' }));
    },
    attachmentItems: ({ items }) => {
      // The pictures go where the member would pick them: the page's picture input.
      const input = document.querySelector<HTMLInputElement>('main input[type="file"][accept^="image"]');
      const files = Array.isArray(items) ? attachmentFiles(items) : [];
      if (!input || files.length === 0) {
        reportBridgeError(new AppBridgeError('bridge_event_bus_error', { event: 'attachmentItems', reason: 'nowhere to attach' }));
        return;
      }
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    enterCommunity: ({ securityId }) => {
      const id = isText(securityId) ? securityId : currentSecurity(ctx);
      // Without a stock: the community's index, which is the root (spec §2 /m/debates).
      ctx.navigate(id ? socialPaths.board.getHref(id) : paths.home.getHref());
    },
    enterNewsroomTab: () => {
      const id = currentSecurity(ctx);
      ctx.navigate(id ? paths.stockArticlesNews.getHref(id) : paths.news.getHref());
    },
  };
}
