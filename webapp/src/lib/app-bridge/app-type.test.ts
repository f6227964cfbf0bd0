// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { appTypeName, parseUserAgent } from './app-type';

const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36';
const IOS_WEBVIEW = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

describe('user-agent detection (spec §1)', () => {
  it.each([
    [`${IOS_WEBVIEW} SiseApp/3.2.1 (main; ios)`, 'main-ios'],
    [`${ANDROID_WEBVIEW} SiseApp/3.2.1 (main; android)`, 'main-android'],
    [`${IOS_WEBVIEW} SiseApp/1.0 (trade; ios)`, 'trade-ios'],
    [`${ANDROID_WEBVIEW} SiseApp/1.0.0.12 (trade; android)`, 'trade-android'],
    [`${IOS_WEBVIEW} SiseApp/2.0.0 (virtual-trade; ios)`, 'virtual-trade-ios'],
    [`${ANDROID_WEBVIEW} siseapp/2.0.0 (Virtual-Trade; Android)`, 'virtual-trade-android'],
  ])('%s is %s', (userAgent, name) => {
    const type = parseUserAgent(userAgent);
    expect(type).not.toBeNull();
    expect(appTypeName(type === 'unreadable' ? null : type)).toBe(name);
  });

  it('reads the version', () => {
    expect(parseUserAgent(`${IOS_WEBVIEW} SiseApp/3.2.1 (main; ios)`)).toEqual({ app: 'main', os: 'ios', version: '3.2.1' });
  });

  it('takes anything else for a browser', () => {
    expect(parseUserAgent(ANDROID_WEBVIEW)).toBeNull();
    expect(parseUserAgent(IOS_WEBVIEW)).toBeNull();
    expect(parseUserAgent('')).toBeNull();
    expect(appTypeName(null)).toBe('browser');
  });

  it('says when the app is named but not in the marker form', () => {
    expect(parseUserAgent(`${IOS_WEBVIEW} SiseApp/3.2.1`)).toBe('unreadable');
    expect(parseUserAgent(`${IOS_WEBVIEW} SiseApp/3.2.1 (stocks; ios)`)).toBe('unreadable');
    expect(parseUserAgent(`${IOS_WEBVIEW} SiseApp/x (main; ios)`)).toBe('unreadable');
  });
});
