import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppBridgeError } from './errors';
import { WEB2APP_FALLBACK_MS, planWeb2App, platformOf, runWeb2App, storeLink } from './web2app';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const STORES = {
  ios: 'https://apps.apple.com/kr/app/id000000000',
  android: 'https://play.google.com/store/apps/details?id=kr.sise.app&source=mweb',
};

describe('web2app', () => {
  it('tells the platform, an iPad passing for a Mac included', () => {
    expect(platformOf(ANDROID)).toBe('android');
    expect(platformOf(IPHONE)).toBe('ios');
    expect(platformOf(MAC, 5)).toBe('ios');
    expect(platformOf(MAC, 0)).toBe('desktop');
  });

  it('opens the target the path names, carrying the query and the campaign', () => {
    const plan = planWeb2App('viewAsset/KOREA-A005930/debates', '?utm_source=kakao&utm_campaign=spring&x=1');
    expect(plan.target).toBe('viewAsset');
    expect(plan.appUrl).toBe('sise://viewAsset/KOREA-A005930/debates?utm_source=kakao&utm_campaign=spring&x=1');
    expect(plan.campaign).toEqual({ utm_source: 'kakao', utm_campaign: 'spring' });
    expect(planWeb2App('test', '?utm_medium=qr', 'trade').appUrl).toBe('sise-trade://mainMenu/home?utm_medium=qr');
  });

  it('refuses a path that names no target: a scheme error with its type and scheme', () => {
    try {
      planWeb2App('post', '');
      throw new Error('did not throw');
    } catch (error) {
      expect(error).toBeInstanceOf(AppBridgeError);
      expect((error as AppBridgeError).code).toBe('scheme_build_failed');
      expect((error as AppBridgeError).detail).toEqual({ schemeType: 'post', scheme: 'sise://post' });
    }
  });

  it('puts the campaign on the store link: Play keeps source and gets the referrer; the App Store a campaign token', () => {
    const campaign = { utm_source: 'kakao', utm_campaign: 'spring' };
    const android = new URL(storeLink('android', STORES, campaign) ?? '');
    expect(android.searchParams.get('source')).toBe('mweb');
    expect(android.searchParams.get('referrer')).toBe('utm_source=kakao&utm_campaign=spring');
    expect(new URL(storeLink('ios', STORES, campaign) ?? '').searchParams.get('ct')).toBe('spring');
    expect(storeLink('desktop', STORES, campaign)).toBeNull();
    expect(storeLink('android', { ios: null, android: null }, {})).toBeNull();
  });
});

describe('the warp', () => {
  let opened: string[];
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element).closest('a');
    if (anchor) {
      opened.push(anchor.getAttribute('href') ?? '');
      event.preventDefault();
    }
  };

  beforeEach(() => {
    vi.useFakeTimers();
    opened = [];
    window.addEventListener('click', onClick, true);
  });
  afterEach(() => {
    window.removeEventListener('click', onClick, true);
    vi.useRealTimers();
  });

  const plan = () => planWeb2App('post/42', '?utm_campaign=spring');

  it('opens the app, then goes to the store when the page is still in front', () => {
    const replace = vi.fn();
    const onFallback = vi.fn();
    runWeb2App({ plan: plan(), platform: 'android', store: STORES.android, replace, onFallback, appType: null });
    expect(opened).toEqual(['sise://post/42?utm_campaign=spring']);
    vi.advanceTimersByTime(WEB2APP_FALLBACK_MS - 1);
    expect(replace).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(replace).toHaveBeenCalledWith(STORES.android);
    expect(onFallback).toHaveBeenCalledWith('store');
  });

  it('stays when the app took the page over', () => {
    const replace = vi.fn();
    const onFallback = vi.fn();
    runWeb2App({ plan: plan(), platform: 'ios', store: STORES.ios, replace, onFallback, appType: null });
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(WEB2APP_FALLBACK_MS);
    expect(replace).not.toHaveBeenCalled();
    expect(onFallback).toHaveBeenCalledWith('app');
  });

  it('says so when there is no store to go to', () => {
    const onFallback = vi.fn();
    runWeb2App({ plan: plan(), platform: 'ios', store: null, replace: vi.fn(), onFallback, appType: null });
    vi.advanceTimersByTime(WEB2APP_FALLBACK_MS);
    expect(onFallback).toHaveBeenCalledWith('no-store');
  });

  it('spec §4: fails on a desktop', () => {
    expect(() => runWeb2App({ plan: plan(), platform: 'desktop', store: null, replace: vi.fn(), appType: null })).toThrowError(
      /데스크톱에서는 앱을 열 수 없습니다/,
    );
    expect(opened).toEqual([]);
  });

  it('inside the app opens it and goes nowhere else', () => {
    const replace = vi.fn();
    runWeb2App({ plan: plan(), platform: 'desktop', store: STORES.ios, replace, appType: { app: 'main', os: 'ios', version: '1' } });
    vi.advanceTimersByTime(WEB2APP_FALLBACK_MS);
    expect(opened).toHaveLength(1);
    expect(replace).not.toHaveBeenCalled();
  });
});
