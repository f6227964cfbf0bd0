import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createAppBridge, type NativeWindow } from '@/lib/app-bridge/bridge';
import { installFakeNative } from '@/testing/fake-native.js';

import { createAnalyticsClient, resetAnalytics, track, type AnalyticsClient } from './analytics';
import { AnalyticsError, MAX_USER_PROPERTIES, type AnalyticsEventBody } from './events';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, SESSION_TIMEOUT_MS, deviceId, resetSession, sessionIdAt } from './ids';
import { APP_QUEUE, WEB_QUEUE, type Outcome } from './queue';
import { ANALYTICS_PATH, appTransport, retryAfterMs, webTransport, type QueuedEvent } from './transports';

type Batch = { device_id: string; session_id: string; events: AnalyticsEventBody[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Stubs fetch: each POST answered by the next of `answers` (the last one repeated); returns the batches sent. */
function stubAnswers(answers: { status: number; headers?: Record<string, string> }[]) {
  const batches: { url: string; batch: Batch; authorization: string | null }[] = [];
  let call = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      batches.push({ url: input.url, batch: (await input.json()) as Batch, authorization: input.headers.get('Authorization') });
      const answer = answers[Math.min(call, answers.length - 1)] ?? { status: 202 };
      call += 1;
      const body = answer.status === 202 ? { accepted: 1 } : { error: 'refused', message: '거절' };
      return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
    }),
  );
  return batches;
}

/** The clients a test made: stopped after it (their page-hide listeners with them). */
const clients: AnalyticsClient[] = [];

function webClient() {
  const outcomes: [Outcome, string[]][] = [];
  const client = createAnalyticsClient({
    transport: webTransport('device-1'),
    config: WEB_QUEUE,
    onOutcome: (outcome, events) => outcomes.push([outcome, events.map((event) => event.body.name)]),
  });
  clients.push(client);
  return { client, outcomes };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_800_000_000_000);
  resetSession();
});
afterEach(() => {
  for (const client of clients.splice(0)) client.stop();
  resetAnalytics();
  vi.useRealTimers();
});

describe('ids (spec §9)', () => {
  it('keeps the device id in the sise_aid cookie for 365 days, SameSite Lax', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      descriptor?.set?.call(document, value);
    });
    const id = deviceId();
    expect(id).toMatch(UUID);
    expect(written).toEqual([`${DEVICE_COOKIE}=${id}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`]);
    expect(DEVICE_COOKIE_MAX_AGE_S).toBe(365 * 24 * 60 * 60);
    // The same browser keeps its id (and the cookie its 365 days from now).
    expect(deviceId()).toBe(id);
    expect(written).toHaveLength(2);
  });

  it('renews the session after 30 minutes without events', () => {
    const start = Date.now();
    const first = sessionIdAt(start);
    expect(sessionIdAt(start + SESSION_TIMEOUT_MS - 1)).toBe(first);
    // Each event moves the session's last event time on.
    expect(sessionIdAt(start + 2 * SESSION_TIMEOUT_MS - 2)).toBe(first);
    const second = sessionIdAt(start + 3 * SESSION_TIMEOUT_MS - 2);
    expect(second).not.toBe(first);
    expect(second).toMatch(UUID);
    // Shared through localStorage: another tab (a fresh module state) continues it.
    resetSession();
    expect(sessionIdAt(start + 3 * SESSION_TIMEOUT_MS)).toBe(second);
  });
});

describe('track', () => {
  it('is an error before the client is initialised (spec §8)', () => {
    expect(() => track('page_view')).toThrow(AnalyticsError);
    try {
      track('page_view');
    } catch (error) {
      expect((error as AnalyticsError).code).toBe('analytics_not_initialized');
    }
  });

  it('checks the user properties (spec §5): 1000 keys, values number, string, boolean or arrays of those', () => {
    const { client } = webClient();
    const many = Object.fromEntries(Array.from({ length: MAX_USER_PROPERTIES + 1 }, (_, index) => [`k${index}`, index]));
    expect(() => client.setUserProperties(many)).toThrow(expect.objectContaining({ code: 'too_many_user_properties' }));
    delete many.k0;
    expect(() => client.setUserProperties(many)).not.toThrow();
    for (const bad of [{ a: null }, { a: { b: 1 } }, { a: [[1]] }, { a: [1, { b: 2 }] }, { a: undefined }, { a: Number.NaN }]) {
      expect(() => client.setUserProperties(bad)).toThrow(expect.objectContaining({ code: 'invalid_user_property' }));
    }
    expect(() => client.setUserProperties({ a: 1, b: 'x', c: true, d: [1, 'y', false] })).not.toThrow();
  });

  it('refuses a revenue without a quantity above 0 (spec §5) and a name the server refuses', () => {
    const { client } = webClient();
    for (const quantity of [0, -1, undefined, '2']) {
      expect(() => client.track('revenue', { properties: { quantity, price: 1000 } })).toThrow(
        expect.objectContaining({ code: 'invalid_revenue_quantity' }),
      );
    }
    expect(() => client.track('revenue', { properties: { quantity: 2, price: 1000 } })).not.toThrow();
    expect(() => client.track('Page View')).toThrow(expect.objectContaining({ code: 'invalid_event_name' }));
  });
});

describe('the web queue through POST /api/analytics/events', () => {
  it('sends the batch of the contract after 1000 ms, the user properties with the next event only', async () => {
    const batches = stubAnswers([{ status: 202 }]);
    const { client, outcomes } = webClient();
    client.setUserProperties({ app_type: 'browser' });
    client.track('page_view', { screen: '/m/stocks/:securityId', properties: { path: '/m/stocks/KOREA-A005930' } });
    client.track('share', { screen: '/m/stocks/:securityId' });
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
    const [{ url, batch } = { url: '', batch: null }] = batches;
    expect(new URL(url).pathname).toBe(`/main${ANALYTICS_PATH}`);
    expect(batch?.device_id).toBe('device-1');
    expect(batch?.session_id).toMatch(UUID);
    expect(batch?.events).toEqual([
      {
        id: expect.stringMatching(UUID) as string,
        name: 'page_view',
        time: 1_800_000_000_000,
        screen: '/m/stocks/:securityId',
        properties: { path: '/m/stocks/KOREA-A005930' },
        user_properties: { app_type: 'browser' },
      },
      {
        id: expect.stringMatching(UUID) as string,
        name: 'share',
        time: 1_800_000_000_000,
        screen: '/m/stocks/:securityId',
        properties: null,
        user_properties: null,
      },
    ]);
    expect(outcomes).toEqual([['success', ['page_view', 'share']]]);
  });

  it.each([
    [202, 'success'],
    [413, 'too_large'],
    [408, 'timeout'],
    [400, 'invalid'],
    [403, 'invalid'],
    [500, 'failed'],
    [503, 'failed'],
  ] as const)('reads the answer %i as %s (spec §8)', async (status, outcome) => {
    stubAnswers([{ status }]);
    const { client, outcomes } = webClient();
    client.track('page_view');
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcomes[0]).toEqual([outcome, ['page_view']]);
  });

  it('waits for the 429 answer\'s Retry-After before sending anything again', async () => {
    const batches = stubAnswers([{ status: 429, headers: { 'Retry-After': '5' } }, { status: 202 }]);
    const { client, outcomes } = webClient();
    client.track('page_view');
    await vi.advanceTimersByTimeAsync(1000);
    client.track('share');
    await vi.advanceTimersByTimeAsync(4999);
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(2);
    expect(batches[1]?.batch.events.map((event) => event.name)).toEqual(['page_view', 'share']);
    expect(outcomes.map(([outcome]) => outcome)).toEqual(['rate_limited', 'success']);
  });

  it('counts no answer at all (a network failure) as failed and tries again', async () => {
    let call = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => (call++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response('{}', { status: 202 })))),
    );
    const { client, outcomes } = webClient();
    client.track('page_view');
    await vi.advanceTimersByTimeAsync(2000);
    expect(outcomes.map(([outcome]) => outcome)).toEqual(['failed', 'success']);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('5', 0)).toBe(5000);
    expect(retryAfterMs('0', 0)).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    const now = Date.parse('Sat, 28 Nov 2026 07:00:00 GMT');
    expect(retryAfterMs('Sat, 28 Nov 2026 07:00:30 GMT', now)).toBe(30_000);
  });

  it('sends what waits by beacon as the page goes away; a refused beacon counts as 500', async () => {
    stubAnswers([{ status: 202 }]);
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => false);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    try {
      const { client, outcomes } = webClient();
      client.track('page_view', { screen: '/m' });
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      const [url, blob] = sendBeacon.mock.calls[0] ?? [];
      expect(new URL(String(url)).pathname).toBe(`/main${ANALYTICS_PATH}`);
      const batch = JSON.parse(await (blob as Blob).text()) as Batch;
      expect(batch.events.map((event) => event.name)).toEqual(['page_view']);
      expect(outcomes).toEqual([['failed', ['page_view']]]);

      sendBeacon.mockReturnValue(true);
      window.dispatchEvent(new Event('pagehide'));
      expect(outcomes.at(-1)).toEqual(['success', ['page_view']]);
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });
});

describe('the app queue through the bridge', () => {
  const win = window as NativeWindow;
  afterEach(() => {
    delete win.SiseAndroid;
    delete win.SiseBridge;
    delete window.__fakeNative;
  });

  function appClient(missing: string[] = []) {
    installFakeNative({ os: 'android', missing });
    const bridge = createAppBridge({ appType: { app: 'main', os: 'android', version: '3.2.1' } });
    bridge.init();
    const outcomes: Outcome[] = [];
    const client = createAnalyticsClient({
      transport: appTransport((events) => bridge.sendAnalyticsEvents(events)),
      config: APP_QUEUE,
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    clients.push(client);
    return { client, outcomes };
  }

  it('hands the events to sendAnalyticsEvents after 10000 ms', async () => {
    const { client, outcomes } = appClient();
    client.setUserProperties({ app_type: 'main-android' });
    client.track('page_view', { screen: '/m', properties: { path: '/m' } });
    await vi.advanceTimersByTimeAsync(9999);
    expect(window.__fakeNative?.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(window.__fakeNative?.calls).toEqual([
      {
        name: 'sendAnalyticsEvents',
        params: {
          events: [
            {
              name: 'page_view',
              timestamp: 1_800_000_000_000,
              id: expect.stringMatching(UUID) as string,
              screen: '/m',
              properties: { path: '/m' },
              userProperties: { app_type: 'main-android' },
            },
          ],
        },
      },
    ]);
    expect(outcomes).toEqual(['success']);
  });

  it('counts an app without the call as failed (500) and tries again after the step', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, outcomes } = appClient(['sendAnalyticsEvents']);
    client.track('page_view');
    await vi.advanceTimersByTimeAsync(10_000 + 1000 + 2000);
    expect(outcomes).toEqual(['failed', 'failed', 'failed']);
  });

  it('counts the bridge timing out as a timeout (408)', async () => {
    const transport = appTransport(() => Promise.reject(Object.assign(new Error('응답 시간이 초과되었습니다.'), { code: 'bridge_timeout' })));
    const event: QueuedEvent = {
      sessionId: 's',
      body: { id: 'e', name: 'page_view', time: 1, screen: null, properties: null, user_properties: null },
    };
    expect(await transport.send([event])).toEqual({ status: 408 });
  });
});
