// Which app the page runs in (spec §1): the main, trade or virtual-trade app, each on iOS or
// Android, told by the marker the app adds to its web view's user agent; anything else is a
// browser. The markers are the contract of docs/app-bridge.md, "User agent":
//
//   … SiseApp/<version> (<app>; <os>)     app: main | trade | virtual-trade, os: ios | android
//
// In the shell (start.tsx decides from it whether to load the bridge at start), so it imports
// nothing and stays small.

export const APPS = ['main', 'trade', 'virtual-trade'] as const;
export type App = (typeof APPS)[number];
export const APP_OSES = ['ios', 'android'] as const;
export type AppOs = (typeof APP_OSES)[number];

/** The native app around the page; null in a browser. */
export type AppType = { app: App; os: AppOs; version: string };

const MARKER = /\bSiseApp\/(\d+(?:\.\d+){0,3}) \((main|trade|virtual-trade); (ios|android)\)/i;
const MARKER_NAME = /\bSiseApp\//i;

/**
 * The app named by `userAgent`. A user agent that names the app but not in the marker's form is
 * `unreadable` (the page then runs as in a browser, and says so: docs/app-bridge.md, "Errors").
 */
export function parseUserAgent(userAgent: string): AppType | 'unreadable' | null {
  const match = MARKER.exec(userAgent);
  if (!match) return MARKER_NAME.test(userAgent) ? 'unreadable' : null;
  const [, version = '', app = '', os = ''] = match;
  return { app: app.toLowerCase() as App, os: os.toLowerCase() as AppOs, version };
}

let detected: AppType | null | undefined;

/** The app this page runs in (read once from the browser's user agent); null in a browser. */
export function currentAppType(): AppType | null {
  if (detected === undefined) {
    const parsed = typeof navigator === 'undefined' ? null : parseUserAgent(navigator.userAgent);
    detected = parsed === 'unreadable' ? null : parsed;
  }
  return detected;
}

/** `main-ios`, `virtual-trade-android`, … or `browser`: one word for logs and reports. */
export function appTypeName(type: AppType | null = currentAppType()): string {
  return type ? `${type.app}-${type.os}` : 'browser';
}

/** For tests: read the user agent again. */
export function resetAppType(type?: AppType | null): void {
  detected = type;
}
