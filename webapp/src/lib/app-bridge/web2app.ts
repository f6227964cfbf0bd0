// /m/web2app/{target path} and /m/web2app/test (spec §2 app-launch helpers): open the app at a
// deep-link target, and when the page is still in front after WEB2APP_FALLBACK_MS (the app is
// not installed), go to the app's store. The store links are the appDownload modal's
// (config/app-download.ts; the Android one carries `source`, spec §1); the warp carries the
// link's campaign parameters (spec §7) to the app (in its address) and to the store (Google
// Play's `referrer`, the App Store's `ct`). On a desktop it fails (spec §4).
import { currentAppType, type AppType } from './app-type';
import { APP_SCHEMES, launchScheme, readWeb2AppPath, type DeepLinkTarget } from './deep-links';
import { schemeError } from './errors';

/** How long the page waits for the app to take over before it goes to the store (ours). */
export const WEB2APP_FALLBACK_MS = 2500;
/** The campaign parameters a warp carries on. */
export const CAMPAIGN_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** What /m/web2app/test opens: the app's home. */
export const WEB2APP_TEST_PATH = 'mainMenu/home';

export type Platform = 'ios' | 'android' | 'desktop';

/** The visitor's platform: iPadOS reports a Mac, but with a touch screen. */
export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  return 'desktop';
}

export type Web2AppPlan = {
  target: DeepLinkTarget | 'test';
  /** The app address to open. */
  appUrl: string;
  /** The campaign parameters of the link. */
  campaign: Record<string, string>;
};

/**
 * What a /m/web2app/… address asks for: `rest` is the path after /m/web2app/, `search` its
 * query. Throws `scheme_build_failed` (naming the scheme) when it names no target.
 */
export function planWeb2App(rest: string, search: string, app: AppType['app'] = 'main'): Web2AppPlan {
  const params = new URLSearchParams(search);
  const campaign: Record<string, string> = {};
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = params.get(name);
    if (value) campaign[name] = value;
  }
  const scheme = APP_SCHEMES[app];
  const path = rest.replace(/^\/+|\/+$/g, '');
  if (path === 'test') {
    const query = new URLSearchParams(campaign).toString();
    return { target: 'test', appUrl: `${scheme}://${WEB2APP_TEST_PATH}${query ? `?${query}` : ''}`, campaign };
  }
  const found = readWeb2AppPath(path, params.toString());
  if (!found) throw schemeError('scheme_build_failed', { schemeType: path.split('/')[0] ?? '', scheme: `${scheme}://${path}` });
  return { target: found.target, appUrl: `${scheme}://${found.path}`, campaign };
}

/** The store link for `platform` with the campaign on it, or null when the page names none. */
export function storeLink(
  platform: Platform,
  stores: { ios: string | null; android: string | null },
  campaign: Record<string, string>,
): string | null {
  const store = platform === 'ios' ? stores.ios : platform === 'android' ? stores.android : null;
  if (!store) return null;
  const url = new URL(store);
  if (Object.keys(campaign).length > 0) {
    if (platform === 'android') url.searchParams.set('referrer', new URLSearchParams(campaign).toString());
    else if (campaign.utm_campaign) url.searchParams.set('ct', campaign.utm_campaign);
  }
  return url.href;
}

export type Web2AppRun = {
  plan: Web2AppPlan;
  platform: Platform;
  store: string | null;
  /** Where the page goes when the app did not take over (`location.replace`). */
  replace: (url: string) => void;
  /** Told when the store fallback happens or is called off. */
  onFallback?: (outcome: 'store' | 'app' | 'no-store') => void;
  doc?: Document;
  appType?: AppType | null;
};

/** spec §4: the warp to the app fails on a desktop (not inside an app). */
export function desktopError(plan: Web2AppPlan) {
  return schemeError(
    'scheme_launch_failed',
    { schemeType: plan.target, scheme: plan.appUrl },
    '데스크톱에서는 앱을 열 수 없습니다. 휴대폰에서 다시 시도해 주세요.',
  );
}

/**
 * Opens the app, then waits for it to take the page over (the page hidden or left); if it did
 * not, replaces the page with the store. Returns the cancel. Throws the launch error on a desktop.
 */
export function runWeb2App({ plan, platform, store, replace, onFallback, doc = document, appType = currentAppType() }: Web2AppRun): () => void {
  if (platform === 'desktop' && !appType) throw desktopError(plan);
  launchScheme(plan.appUrl, plan.target, doc);
  // Inside the app the app has it: nothing to fall back to.
  if (appType) return () => undefined;
  let done = false;
  const finish = (outcome: 'store' | 'app' | 'no-store') => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onLeave);
    onFallback?.(outcome);
  };
  const onHidden = () => {
    if (doc.hidden) finish('app');
  };
  const onLeave = () => finish('app');
  doc.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onLeave);
  const timer = setTimeout(() => {
    if (!store) {
      finish('no-store');
      return;
    }
    finish('store');
    replace(store);
  }, WEB2APP_FALLBACK_MS);
  return () => {
    if (!done) {
      done = true;
      clearTimeout(timer);
      doc.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
    }
  };
}

