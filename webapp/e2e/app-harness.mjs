// The harness that plays the native app around the web (docs/app-bridge.md): a phone-sized
// Chromium whose user agent carries one app type's marker and whose pages get the fake native
// side (src/testing/fake-native.js) before any script of theirs, through Playwright's
// addInitScript. It answers every call of the contract, fires any event, and records the calls
// and the app-scheme links the page opens.
//
//   const phone = await openAppPhone(APP_TYPES[0], { token });
//   await phone.page.goto(`${baseUrl}/m`);
//   await phone.fire('fontSizeLevel', { level: 5 });
//   await phone.calls();   // [{ name, params }, …]
//   await phone.opened();  // ['sise://newsDetail/…', …]
import { installFakeNative } from '../src/testing/fake-native.js';

import { openPhone } from './support.mjs';

/** The six app types of spec §1, each with the scheme its links use (deep-links.ts APP_SCHEMES). */
export const APP_TYPES = [
  { name: 'main-ios', app: 'main', os: 'ios', scheme: 'sise' },
  { name: 'main-android', app: 'main', os: 'android', scheme: 'sise' },
  { name: 'trade-ios', app: 'trade', os: 'ios', scheme: 'sise-trade' },
  { name: 'trade-android', app: 'trade', os: 'android', scheme: 'sise-trade' },
  { name: 'virtual-trade-ios', app: 'virtual-trade', os: 'ios', scheme: 'sise-vtrade' },
  { name: 'virtual-trade-android', app: 'virtual-trade', os: 'android', scheme: 'sise-vtrade' },
];

const WEB_VIEW = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-S918N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36',
};

/** A browser on an Android phone (no app marker). */
export const ANDROID_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.134 Mobile Safari/537.36';

/** The web view's user agent of an app type: the platform's, then the marker (docs/app-bridge.md). */
export function appUserAgent({ app, os }, version = '3.2.1') {
  return `${WEB_VIEW[os]} SiseApp/${version} (${app}; ${os})`;
}

/**
 * A phone running `type`'s app around the web view; `native` sets what the fake app answers
 * (token, fontSizeLevel, …: src/testing/fake-native.d.ts). Returns `{ context, page, close,
 * calls, opened, fire }`.
 */
export async function openAppPhone(type, native = {}) {
  const phone = await openPhone({ userAgent: appUserAgent(type) });
  await phone.context.addInitScript(installFakeNative, { os: type.os, reloadPage: true, ...native });
  const { page } = phone;
  return {
    ...phone,
    calls: () => page.evaluate(() => window.__fakeNative?.calls ?? []),
    opened: () => page.evaluate(() => window.__fakeNative?.opened ?? []),
    fire: (event, payload = {}) => page.evaluate(([name, body]) => window.__fakeNative?.fire(name, body), [event, payload]),
  };
}
