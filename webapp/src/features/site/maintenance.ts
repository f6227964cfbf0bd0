// The maintenance check at start (spec §4, §7, §8, §9): the page asks the main host whether the
// site is in maintenance (`GET /api/maintenance?phase=prod&time=<epoch ms>&<the page's own
// query>`) and, when it is and names an address, replaces its location with it. Skipped by
// `__skipMaintenanceCheck=true` in the page's query, or by the app's emergency skip (inside an
// app: its answer to getEmergencySkip within 1000 ms, or its emergencySkip event; a browser's
// is false, spec §1). Its failures (HTTP, network, timeout, unknown) are reported, never shown:
// the page goes on as if the site were open.
//
// A chunk of its own, started by app/start.tsx beside the route table; a browser loads nothing
// of the app bridge for it.
import { mainApi, ApiError, NETWORK_ERROR_STATUS } from '@/lib/api';
import { currentAppType } from '@/lib/app-bridge/app-type';
import { reportError } from '@/lib/error-reporting';

/** spec §9: the status call's timeout, and the app's emergency-skip answer's. */
export const MAINTENANCE_TIMEOUT_MS = 3000;
export const EMERGENCY_SKIP_TIMEOUT_MS = 1000;
export const MAINTENANCE_PATH = '/api/maintenance';
export const MAINTENANCE_PHASE = 'prod';
/** `?__skipMaintenanceCheck=true` skips the check (spec §4). */
export const SKIP_PARAMETER = '__skipMaintenanceCheck';

/** spec §8 "maintenance check errors (HTTP, network, timeout, unknown)", as the bridge's are worded. */
export const MAINTENANCE_MESSAGES = {
  maintenance_http_error: '점검 상태 확인 중 HTTP 오류가 발생했습니다.',
  maintenance_network_error: '점검 상태 확인 중 네트워크 오류가 발생했습니다.',
  maintenance_timeout: '점검 상태 확인 응답 시간이 초과되었습니다.',
  maintenance_unknown_error: '점검 상태 확인 중 알 수 없는 오류가 발생했습니다.',
} as const;

export type MaintenanceErrorCode = keyof typeof MAINTENANCE_MESSAGES;

/** A failed check, in the shape of the bridge's errors (`{error, message, …detail}`). */
export class MaintenanceError extends Error {
  override readonly name = 'MaintenanceError';
  readonly code: MaintenanceErrorCode;
  readonly detail: Record<string, unknown>;

  constructor(code: MaintenanceErrorCode, detail: Record<string, unknown> = {}) {
    super(MAINTENANCE_MESSAGES[code]);
    this.code = code;
    this.detail = detail;
  }

  toJSON(): { error: MaintenanceErrorCode; message: string } & Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.detail };
  }
}

/** What the status call answers. */
export type MaintenanceStatus = { maintenance: boolean; maintenance_url: string | null; message: string | null };

export type MaintenanceOutcome = 'skipped' | 'open' | 'redirected' | 'failed';

type NetworkInformation = { effectiveType?: string; rtt?: number; downlink?: number; saveData?: boolean };

/** spec §8: a timeout carries the network's state as the browser knows it. */
function networkInfo(): Record<string, unknown> {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return {
    online: navigator.onLine,
    ...(connection
      ? { effectiveType: connection.effectiveType, rtt: connection.rtt, downlink: connection.downlink, saveData: connection.saveData }
      : {}),
  };
}

/** Resolves as `promise`, or rejects with `onTimeout()` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The app's emergency skip: false in a browser (spec §1); inside an app, what its event said, else
 * its answer within EMERGENCY_SKIP_TIMEOUT_MS (no answer in time, or a failed call, is no skip,
 * and reported).
 */
export async function appEmergencySkip(): Promise<boolean> {
  if (!currentAppType()) return false;
  const [{ getAppBridge }, { getAppState }, { AppBridgeError, reportBridgeError }] = await Promise.all([
    import('@/lib/app-bridge/bridge'),
    import('@/lib/app-bridge/app-state'),
    import('@/lib/app-bridge/errors'),
  ]);
  if (getAppState().emergencySkip) return true;
  try {
    return await within(
      getAppBridge().getEmergencySkip(),
      EMERGENCY_SKIP_TIMEOUT_MS,
      () => new AppBridgeError('bridge_timeout', { call: 'getEmergencySkip', ms: EMERGENCY_SKIP_TIMEOUT_MS }),
    );
  } catch (error) {
    reportBridgeError(error);
    return false;
  }
}

/** The status call's address: the phase, the time, then the page's own query as it is. */
export function maintenanceRequestPath(search: string, now: number): string {
  const own = search.replace(/^\?/, '');
  return `${MAINTENANCE_PATH}?phase=${MAINTENANCE_PHASE}&time=${now}${own ? `&${own}` : ''}`;
}

function isStatus(body: unknown): body is MaintenanceStatus {
  if (typeof body !== 'object' || body === null) return false;
  const { maintenance, maintenance_url: url } = body as Record<string, unknown>;
  return typeof maintenance === 'boolean' && (url === null || url === undefined || typeof url === 'string');
}

/** Asks for the status within MAINTENANCE_TIMEOUT_MS; rejects with a MaintenanceError. */
export async function fetchMaintenanceStatus(search: string, now = Date.now()): Promise<MaintenanceStatus> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, MAINTENANCE_TIMEOUT_MS);
  try {
    const body = await mainApi.request<unknown>(maintenanceRequestPath(search, now), { signal: controller.signal });
    if (!isStatus(body)) throw new MaintenanceError('maintenance_unknown_error', { reason: 'the answer has not the contract shape' });
    return body;
  } catch (error) {
    if (error instanceof MaintenanceError) throw error;
    if (timedOut) throw new MaintenanceError('maintenance_timeout', { ms: MAINTENANCE_TIMEOUT_MS, network: networkInfo() });
    if (error instanceof ApiError) {
      if (error.status === NETWORK_ERROR_STATUS) throw new MaintenanceError('maintenance_network_error', { network: networkInfo() });
      throw new MaintenanceError('maintenance_http_error', { status: error.status, code: error.error });
    }
    throw new MaintenanceError('maintenance_unknown_error', { cause: String(error) });
  } finally {
    clearTimeout(timer);
  }
}

/** The address to go to: an http(s) one that is not this very page (which would check again and again). */
function redirectTarget(url: string | null, here: string): string | null {
  if (!url) return null;
  try {
    const target = new URL(url, here);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
    return target.href === new URL(here).href ? null : target.href;
  } catch {
    return null;
  }
}

type CheckOptions = {
  location?: Pick<Location, 'href' | 'search'>;
  replace?: (url: string) => void;
  emergencySkip?: () => Promise<boolean>;
  now?: () => number;
};

/**
 * The check at start; resolves with what it did and never rejects (its failures are reported,
 * kind `maintenance`).
 */
export async function checkMaintenance({
  location = window.location,
  replace = (url) => window.location.replace(url),
  emergencySkip = appEmergencySkip,
  now = Date.now,
}: CheckOptions = {}): Promise<MaintenanceOutcome> {
  if (new URLSearchParams(location.search).get(SKIP_PARAMETER) === 'true') return 'skipped';
  try {
    if (await emergencySkip()) return 'skipped';
    const status = await fetchMaintenanceStatus(location.search, now());
    const target = status.maintenance ? redirectTarget(status.maintenance_url, location.href) : null;
    if (!target) return 'open';
    replace(target);
    return 'redirected';
  } catch (error) {
    reportError('maintenance', error);
    return 'failed';
  }
}
