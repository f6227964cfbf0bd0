import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { installFakeNative } from '@/testing/fake-native.js';
import type { FakeNativeConfig } from '@/testing/fake-native';

import type { AppType } from './app-type';
import { BRIDGE_TIMEOUTS, createAppBridge, type AppBridge, type NativeWindow } from './bridge';
import { AppBridgeError } from './errors';
import { BRIDGE_CALLS, BRIDGE_EVENTS } from './protocol';

const win = window as NativeWindow;

function clearNative() {
  delete win.webkit;
  delete win.SiseAndroid;
  delete win.SiseBridge;
  delete window.__fakeNative;
}

function appBridge(os: 'ios' | 'android', config: Omit<FakeNativeConfig, 'os'> = {}): AppBridge {
  installFakeNative({ os, ...config });
  const appType: AppType = { app: 'main', os, version: '1.0.0' };
  const bridge = createAppBridge({ appType });
  bridge.init();
  return bridge;
}

/** Settles a promise under fake timers (the fake app answers on a zero timer). */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  // The iOS function check and the call are a round trip each: a few turns at most.
  for (let turn = 0; turn < 10 && !settled; turn++) await vi.advanceTimersByTimeAsync(1);
  return promise;
}

async function rejection(promise: Promise<unknown>): Promise<AppBridgeError> {
  const caught = promise.then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error,
  );
  const error = await settle(caught);
  expect(error).toBeInstanceOf(AppBridgeError);
  return error as AppBridgeError;
}

beforeEach(() => {
  vi.useFakeTimers();
  clearNative();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  clearNative();
});

describe('in a browser', () => {
  it('answers with the fallbacks: font size level 3, emergency skip false, the rest empty', async () => {
    const bridge = createAppBridge({ appType: null });
    bridge.init();
    expect(await bridge.getFontSize()).toBe(3);
    expect(await bridge.getEmergencySkip()).toBe(false);
    expect(await bridge.getToken({ refresh: true })).toBeNull();
    expect(await bridge.getQuotationToken()).toBeNull();
    expect(await bridge.getUserInfo()).toBeNull();
    expect(await bridge.getUserId()).toBeNull();
    expect(await bridge.getAppInfo()).toBeNull();
    expect(await bridge.getAlarmState()).toBeNull();
    expect(await bridge.getStorage('k')).toBeNull();
    await expect(bridge.setStorage('k', 'v')).resolves.toBeUndefined();
    await expect(bridge.showToast('hi')).resolves.toBeUndefined();
    await expect(bridge.share({ url: 'https://x', title: 't' })).resolves.toBeUndefined();
    await expect(bridge.openHalfView({ url: 'https://x', title: 't' })).resolves.toBeUndefined();
    await expect(bridge.close()).resolves.toBeUndefined();
    await expect(bridge.reload()).resolves.toBeUndefined();
    await expect(bridge.sendAnalyticsEvents([{ name: 'page_view' }])).resolves.toBeUndefined();
    await expect(bridge.sendMarketingEvent('signup')).resolves.toBeUndefined();
    await expect(bridge.setMarketingAttribute('tier', 1)).resolves.toBeUndefined();
    await expect(bridge.agreeTerms('signup', '/m')).resolves.toBeUndefined();
    expect(win.SiseBridge).toBeUndefined();
  });
});

describe.each(['ios', 'android'] as const)('in an %s app', (os) => {
  it('answers every call of the contract', async () => {
    const bridge = appBridge(os, {
      token: 'tok',
      quotationToken: 'qtok',
      userInfo: { userId: 'u1', name: '개미' },
      userId: 'u1',
      appInfo: { version: '3.2.1', os },
      alarmEnabled: false,
      fontSizeLevel: 5,
      emergencySkip: true,
      storage: { a: '1' },
    });
    expect(await settle(bridge.getToken({ refresh: true }))).toBe('tok');
    expect(await settle(bridge.getQuotationToken())).toBe('qtok');
    expect(await settle(bridge.getUserInfo())).toEqual({ userId: 'u1', name: '개미' });
    expect(await settle(bridge.getUserId())).toBe('u1');
    expect(await settle(bridge.getAppInfo())).toEqual({ version: '3.2.1', os });
    expect(await settle(bridge.getAlarmState())).toBe(false);
    expect(await settle(bridge.getFontSize())).toBe(5);
    expect(await settle(bridge.getEmergencySkip())).toBe(true);
    expect(await settle(bridge.getStorage('a'))).toBe('1');
    await settle(bridge.setStorage('b', '2'));
    expect(await settle(bridge.getStorage('b'))).toBe('2');
    await settle(bridge.openHalfView({ url: 'https://x.test/', title: '제목', subtitle: '부제', height: 400, type: 'web' }));
    await settle(bridge.showToast('복사했습니다'));
    await settle(bridge.share({ url: 'https://x.test/', title: '삼성전자' }));
    await settle(bridge.close());
    await settle(bridge.reload());
    await settle(bridge.sendAnalyticsEvents([{ name: 'page_view', properties: { path: '/m' } }]));
    await settle(bridge.sendMarketingEvent('signup', { from: 'web' }));
    await settle(bridge.setMarketingAttribute('tier', 'gold'));
    await settle(bridge.agreeTerms('signup', 'https://x.test/m'));

    const calls = window.__fakeNative?.calls.map((call) => call.name).filter((name) => name !== 'checkFunction');
    expect(new Set(calls)).toEqual(new Set(BRIDGE_CALLS));
    expect(window.__fakeNative?.calls.find((call) => call.name === 'getToken')?.params).toEqual({ refresh: true });
    expect(window.__fakeNative?.calls.find((call) => call.name === 'openHalfView')?.params).toEqual({
      url: 'https://x.test/',
      title: '제목',
      subtitle: '부제',
      height: 400,
      type: 'web',
    });
    expect(window.__fakeNative?.calls.find((call) => call.name === 'agreeTerms')?.params).toEqual({
      key: 'signup',
      redirectUrl: 'https://x.test/m',
    });
  });

  it('refuses an empty token or quotation token from the app', async () => {
    const bridge = appBridge(os, { token: '', quotationToken: '  ' });
    expect((await rejection(bridge.getToken())).code).toBe('bridge_empty_token');
    const error = await rejection(bridge.getQuotationToken());
    expect(error.code).toBe('bridge_empty_token');
    expect(error.message).toBe('앱에서 받은 토큰이 비어 있습니다.');
  });

  it('times out a call the app does not answer: 응답 시간이 초과되었습니다.', async () => {
    const bridge = appBridge(os, { silent: ['getUserId'] });
    const answer = bridge.getUserId().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.callMs - 1);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await answer) as AppBridgeError;
    expect(error.code).toBe('bridge_timeout');
    expect(error.message).toBe('응답 시간이 초과되었습니다.');
  });

  it('gives a token with the refresh flag longer: the app may sign the member in first', async () => {
    const bridge = appBridge(os, { silent: ['getToken'] });
    const answer = bridge.getToken({ refresh: true }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.callMs);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.tokenRefreshMs - BRIDGE_TIMEOUTS.callMs);
    expect(((await answer) as AppBridgeError).code).toBe('bridge_timeout');
  });

  it('has no runner for a function the app lacks', async () => {
    const bridge = appBridge(os, { missing: ['openHalfView'] });
    const error = await rejection(bridge.openHalfView({ url: 'https://x.test/', title: 't' }));
    expect(error.code).toBe('bridge_no_runner');
    expect(error.detail).toMatchObject({ call: 'openHalfView' });
  });

  it('fails a call the app answers with an error', async () => {
    const bridge = appBridge(os, { silent: ['getAppInfo'] });
    const answer = rejection(bridge.getAppInfo());
    await vi.advanceTimersByTimeAsync(0);
    const id = [...(window.__fakeNative?.calls ?? [])].length; // the last call's id is the count so far
    win.SiseBridge?.receive(JSON.stringify({ id: String(id), error: { code: 'E1', message: 'broken' } }));
    const error = await answer;
    expect(error.code).toBe('bridge_call_failed');
    expect(error.detail).toMatchObject({ code: 'E1', reason: 'broken' });
  });

  it('hands every event of spec §4 to its handler, and keeps those that came before it', async () => {
    const bridge = appBridge(os);
    window.__fakeNative?.fire('fontSizeLevel', { level: 4 });
    await vi.advanceTimersByTimeAsync(0);
    const early = vi.fn();
    bridge.on('fontSizeLevel', early);
    expect(early).toHaveBeenCalledWith({ level: 4 });

    const seen: string[] = [];
    for (const event of BRIDGE_EVENTS) bridge.on(event, () => seen.push(event));
    for (const event of BRIDGE_EVENTS) window.__fakeNative?.fire(event, {});
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([...BRIDGE_EVENTS]);
    expect(BRIDGE_EVENTS).toHaveLength(25);
  });

  it('reports what it cannot dispatch: no event name, an unknown event, text that is not JSON, a failing handler', () => {
    const warn = vi.mocked(console.warn);
    const bridge = appBridge(os);
    win.SiseBridge?.receive('{"payload": {}}');
    expect(warn.mock.lastCall?.[1]).toMatchObject({ error: 'bridge_event_bus_empty' });
    win.SiseBridge?.receive('{"event": "nope"}');
    expect(warn.mock.lastCall?.[1]).toMatchObject({ error: 'bridge_event_bus_error', event: 'nope' });
    win.SiseBridge?.receive('not json');
    expect(warn.mock.lastCall?.[1]).toMatchObject({ error: 'bridge_event_bus_error' });
    bridge.on('scrollTop', () => {
      throw new Error('boom');
    });
    win.SiseBridge?.receive({ event: 'scrollTop', payload: {} });
    expect(warn.mock.lastCall?.[1]).toMatchObject({ error: 'bridge_event_bus_error', event: 'scrollTop' });
  });

  it('takes the messages the shell queued before it was loaded', () => {
    installFakeNative({ os });
    win.SiseBridge = { queue: [JSON.stringify({ event: 'scrollTop', payload: {} })], receive: () => undefined };
    const bridge = createAppBridge({ appType: { app: 'trade', os, version: '1' } });
    bridge.init();
    const handler = vi.fn();
    bridge.on('scrollTop', handler);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('set-up', () => {
  it('fails without the native side, and its calls are then not initialised', async () => {
    const bridge = createAppBridge({ appType: { app: 'virtual-trade', os: 'android', version: '1' } });
    expect(() => bridge.init()).toThrowError(expect.objectContaining({ code: 'bridge_init_failed' }) as Error);
    const error = await rejection(bridge.getFontSize());
    expect(error.code).toBe('bridge_not_initialized');
    expect(error.message).toBe('SDK가 초기화되지 않았습니다.');
  });

  it('iOS: a function the app does not confirm within 300 ms has no runner', async () => {
    const bridge = appBridge('ios', { silent: ['checkFunction'] });
    const answer = bridge.showToast('안녕').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(299);
    expect(window.__fakeNative?.calls.map((call) => call.name)).toEqual(['checkFunction']);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await answer) as AppBridgeError).code).toBe('bridge_no_runner');
    // Not sent: the app was not there to take it.
    expect(window.__fakeNative?.calls.map((call) => call.name)).toEqual(['checkFunction']);
  });

  it('iOS: asks once per function, and believes what the app announces', async () => {
    const bridge = appBridge('ios');
    await settle(bridge.showToast('a'));
    await settle(bridge.showToast('b'));
    expect(window.__fakeNative?.calls.map((call) => call.name)).toEqual(['checkFunction', 'showToast', 'showToast']);
    window.__fakeNative?.fire('functionAvailability', { name: 'showToast', available: false });
    await vi.advanceTimersByTimeAsync(0);
    expect((await rejection(bridge.showToast('c'))).code).toBe('bridge_no_runner');
  });
});
