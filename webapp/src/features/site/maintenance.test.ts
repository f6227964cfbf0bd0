import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { resetAppType } from '@/lib/app-bridge/app-type';
import { createAppBridge, type NativeWindow } from '@/lib/app-bridge/bridge';
import { resetErrorReporting, type ErrorReport } from '@/lib/error-reporting';
import { installFakeNative } from '@/testing/fake-native.js';

import {
  EMERGENCY_SKIP_TIMEOUT_MS,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_TIMEOUT_MS,
  appEmergencySkip,
  checkMaintenance,
  maintenanceRequestPath,
} from './maintenance';

const NOW = 1_795_000_000_000;
const MAINTENANCE_PAGE = 'https://status.example.com/maintenance';

type Answer = { status: number; body?: unknown } | 'network' | 'hang';

/** Stubs fetch: the status call answered by `answer`, the error reports collected. */
function stubServer(answer: Answer) {
  const asked: URL[] = [];
  const reports: ErrorReport[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === '/main/api/client-errors') {
        reports.push(JSON.parse(init?.body as string) as ErrorReport);
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      asked.push(url);
      if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      if (answer === 'hang') {
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return Promise.resolve(new Response(JSON.stringify(answer.body ?? {}), { status: answer.status }));
    }),
  );
  return { asked, reports };
}

const page = (search = '') => ({ href: `http://localhost:3000/m/stocks/KOREA-A005930${search}`, search });
const ON = { status: 200, body: { maintenance: true, maintenance_url: MAINTENANCE_PAGE, message: '점검 중입니다.' } };
const OFF = { status: 200, body: { maintenance: false, maintenance_url: null, message: null } };
const noSkip = () => Promise.resolve(false);

beforeEach(() => {
  resetErrorReporting();
  resetAppType(null);
});
afterEach(() => {
  resetAppType();
  vi.useRealTimers();
});

describe('checkMaintenance (spec §4)', () => {
  it("asks with phase prod, the time and the page's own query, and replaces the location when on", async () => {
    const { asked } = stubServer(ON);
    const replace = vi.fn();
    const outcome = await checkMaintenance({ location: page('?utm_source=kakao&x=1'), replace, emergencySkip: noSkip, now: () => NOW });
    expect(outcome).toBe('redirected');
    expect(replace).toHaveBeenCalledWith(MAINTENANCE_PAGE);
    expect(asked).toHaveLength(1);
    expect(`${asked[0]?.pathname}${asked[0]?.search}`).toBe(`/main/api/maintenance?phase=prod&time=${NOW}&utm_source=kakao&x=1`);
    expect(maintenanceRequestPath('', NOW)).toBe(`/api/maintenance?phase=prod&time=${NOW}`);
  });

  it('stays when off, or on without an address (or with one that is not http, or this very page)', async () => {
    const replace = vi.fn();
    stubServer(OFF);
    expect(await checkMaintenance({ location: page(), replace, emergencySkip: noSkip })).toBe('open');
    stubServer({ status: 200, body: { maintenance: true, maintenance_url: null, message: null } });
    expect(await checkMaintenance({ location: page(), replace, emergencySkip: noSkip })).toBe('open');
    stubServer({ status: 200, body: { maintenance: true, maintenance_url: 'javascript:alert(1)', message: null } });
    expect(await checkMaintenance({ location: page(), replace, emergencySkip: noSkip })).toBe('open');
    stubServer({ status: 200, body: { maintenance: true, maintenance_url: page().href, message: null } });
    expect(await checkMaintenance({ location: page(), replace, emergencySkip: noSkip })).toBe('open');
    expect(replace).not.toHaveBeenCalled();
  });

  it('is skipped by __skipMaintenanceCheck=true, and by the emergency skip', async () => {
    const { asked } = stubServer(ON);
    const replace = vi.fn();
    expect(await checkMaintenance({ location: page('?__skipMaintenanceCheck=true'), replace, emergencySkip: noSkip })).toBe('skipped');
    expect(await checkMaintenance({ location: page(), replace, emergencySkip: () => Promise.resolve(true) })).toBe('skipped');
    // Any other value is no skip.
    expect(await checkMaintenance({ location: page('?__skipMaintenanceCheck=1'), replace, emergencySkip: noSkip })).toBe('redirected');
    expect(asked).toHaveLength(1);
  });

  it.each([
    [{ status: 503, body: { error: 'service_unavailable', message: '…' } }, 'maintenance_http_error'],
    [{ status: 200, body: { error: 'broken', message: '…' } }, 'maintenance_http_error'],
    ['network', 'maintenance_network_error'],
    [{ status: 200, body: { maintenance: 'yes' } }, 'maintenance_unknown_error'],
  ] as const)('reports a failure (%j) as %s, never shown, and the page stays', async (answer, code) => {
    const { reports } = stubServer(answer);
    const replace = vi.fn();
    expect(await checkMaintenance({ location: page(), replace, emergencySkip: noSkip })).toBe('failed');
    expect(replace).not.toHaveBeenCalled();
    expect(reports).toHaveLength(1);
    expect(reports[0]?.kind).toBe('maintenance');
    expect(JSON.parse(reports[0]?.message ?? '{}')).toMatchObject({ error: code, message: MAINTENANCE_MESSAGES[code] });
  });

  it('gives up after 3000 ms with a timeout carrying the network state', async () => {
    vi.useFakeTimers();
    const { reports } = stubServer('hang');
    let outcome: string | undefined;
    void checkMaintenance({ location: page(), replace: vi.fn(), emergencySkip: noSkip }).then((value) => (outcome = value));
    await vi.advanceTimersByTimeAsync(MAINTENANCE_TIMEOUT_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('failed');
    expect(JSON.parse(reports[0]?.message ?? '{}')).toMatchObject({
      error: 'maintenance_timeout',
      message: MAINTENANCE_MESSAGES.maintenance_timeout,
      ms: 3000,
      network: { online: true },
    });
  });
});

describe('appEmergencySkip', () => {
  const win = window as NativeWindow;
  afterEach(() => {
    delete win.SiseAndroid;
    delete win.SiseBridge;
    delete window.__fakeNative;
  });

  /** Inside an Android app whose fake native side is set up as `config` says. */
  async function inApp(config: { emergencySkip?: boolean; silent?: string[] }) {
    installFakeNative({ os: 'android', ...config });
    resetAppType({ app: 'main', os: 'android', version: '3.2.1' });
    const bridge = createAppBridge({ appType: { app: 'main', os: 'android', version: '3.2.1' } });
    bridge.init();
    const module = await import('@/lib/app-bridge/bridge');
    vi.spyOn(module, 'getAppBridge').mockReturnValue(bridge);
  }

  it('is false in a browser (spec §1), without loading the bridge', async () => {
    expect(await appEmergencySkip()).toBe(false);
  });

  it("is the app's answer inside an app", async () => {
    await inApp({ emergencySkip: true });
    expect(await appEmergencySkip()).toBe(true);
    window.__fakeNative?.set('emergencySkip', false);
    expect(await appEmergencySkip()).toBe(false);
  });

  it('is no skip when the app does not answer within 1000 ms (reported)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { reports } = stubServer(OFF);
    await inApp({ silent: ['getEmergencySkip'] });
    vi.useFakeTimers();
    let skip: boolean | undefined;
    void appEmergencySkip().then((value) => (skip = value));
    await vi.advanceTimersByTimeAsync(EMERGENCY_SKIP_TIMEOUT_MS - 1);
    expect(skip).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(skip).toBe(false);
    expect(reports.map((report) => report.kind)).toEqual(['bridge']);
    expect(JSON.parse(reports[0]?.message ?? '{}')).toMatchObject({ error: 'bridge_timeout', call: 'getEmergencySkip' });
  });
});
