import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { resetAppType } from './app-bridge/app-type';
import { AppBridgeError } from './app-bridge/errors';
import { ChunkLoadError, CHUNK_LOAD_TIMEOUT_MS, watchChunkLoad } from './chunk-load';
import {
  ERROR_REPORTS_PATH,
  MAX_MESSAGE_CHARS,
  MAX_REPORTS,
  UNKNOWN_RELEASE,
  reportError,
  reportRuntimeErrors,
  resetErrorReporting,
  type ErrorReport,
} from './error-reporting';

/** Stubs fetch (answering 204) and returns the reports sent. */
function stubReports() {
  const reports: { url: string; report: ErrorReport; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      reports.push({ url, report: JSON.parse(init?.body as string) as ErrorReport, init });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  return reports;
}

beforeEach(() => {
  resetErrorReporting();
  resetAppType(null);
  document.head.innerHTML = '<meta name="sise-release" content="0123456789abcdef">';
  window.history.replaceState(null, '', '/m/stocks/KOREA-A005930?chart=1y');
});
afterEach(() => {
  resetAppType();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('reportError', () => {
  it('posts the report of the contract to the main host, kept alive as the page goes away', () => {
    const reports = stubReports();
    const error = new TypeError('x is undefined');
    reportError('startup', error);
    expect(reports).toHaveLength(1);
    const [{ url, report, init } = { url: '', report: null, init: undefined }] = reports;
    expect(new URL(url).pathname).toBe(`/main${ERROR_REPORTS_PATH}`);
    expect(init?.method).toBe('POST');
    expect(init?.keepalive).toBe(true);
    expect(report).toEqual({
      kind: 'startup',
      message: 'TypeError: x is undefined',
      stack: error.stack,
      page: '/m/stocks/KOREA-A005930?chart=1y',
      app_type: 'browser',
      release: '0123456789abcdef',
    });
  });

  it("names the app type and the bridge error's code and detail; a development page's release", () => {
    const reports = stubReports();
    document.head.innerHTML = '';
    resetAppType({ app: 'trade', os: 'ios', version: '3.2.1' });
    reportError('bridge', new AppBridgeError('bridge_timeout', { call: 'getToken', ms: 10_000 }));
    expect(reports[0]?.report).toMatchObject({
      kind: 'bridge',
      message: JSON.stringify({ error: 'bridge_timeout', message: '응답 시간이 초과되었습니다.', call: 'getToken', ms: 10_000 }),
      app_type: 'trade-ios',
      release: UNKNOWN_RELEASE,
    });
  });

  it('sends each message once and at most 20 reports a page life; clips a long message', () => {
    const reports = stubReports();
    reportError('runtime', new Error('same'));
    reportError('runtime', new Error('same'));
    // The same message of another kind is another report.
    reportError('chunk_load', new Error('same'));
    expect(reports).toHaveLength(2);
    for (let index = 0; index < 30; index++) reportError('runtime', `failure ${index}`);
    expect(reports).toHaveLength(MAX_REPORTS);
    resetErrorReporting();
    reportError('runtime', 'a'.repeat(MAX_MESSAGE_CHARS + 10));
    expect(reports.at(-1)?.report.message).toHaveLength(MAX_MESSAGE_CHARS);
    expect(reports.at(-1)?.report.stack).toBeNull();
  });

  it('never throws, even when the report cannot leave', () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    expect(() => reportError('startup', new Error('boom'))).not.toThrow();
    vi.stubGlobal('fetch', () => {
      throw new Error('no fetch');
    });
    expect(() => reportError('startup', new Error('boom again'))).not.toThrow();
  });

  it('reports the errors nothing caught as runtime', () => {
    const reports = stubReports();
    const undo = reportRuntimeErrors();
    // Events without an error object: the test runner takes those that carry one as its own failures.
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught RangeError: bad index' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('lost promise') });
    window.dispatchEvent(rejection);
    undo();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after the undo' }));
    expect(reports.map(({ report }) => [report.kind, report.message])).toEqual([
      ['runtime', 'Uncaught RangeError: bad index'],
      ['runtime', 'Error: lost promise'],
    ]);
  });
});

describe('watchChunkLoad (spec §8, §9: chunk load 120000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a chunk that fails to load as chunk_load, and still fails', async () => {
    const reports = stubReports();
    const failure = new TypeError('Failed to fetch dynamically imported module: /m/static/search-abc.js');
    const load = watchChunkLoad(() => Promise.reject(failure));
    await expect(load()).rejects.toBe(failure);
    expect(reports.map(({ report }) => [report.kind, report.message])).toEqual([
      ['chunk_load', `TypeError: ${failure.message}`],
    ]);
    // Past the timeout nothing more is reported.
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(reports).toHaveLength(1);
  });

  it('reports a chunk still loading after 120000 ms, and renders it when it comes', async () => {
    const reports = stubReports();
    let arrive: (module: { default: string }) => void = () => undefined;
    const load = watchChunkLoad(() => new Promise<{ default: string }>((resolve) => (arrive = resolve)));
    const loaded = load();
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(reports).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports.map(({ report }) => [report.kind, report.message])).toEqual([
      ['chunk_load', `${new ChunkLoadError('x').name}: not loaded within 120000 ms`],
    ]);
    arrive({ default: 'screen' });
    await expect(loaded).resolves.toEqual({ default: 'screen' });
  });

  it('reports nothing for a chunk that arrives in time', async () => {
    const reports = stubReports();
    const load = watchChunkLoad(() => Promise.resolve({ default: 'screen' }));
    await load();
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS * 2);
    expect(reports).toEqual([]);
  });
});
