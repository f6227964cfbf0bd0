// The page's side of the native bridge (spec §7 calls, §4 events, §8 errors, §9 timeouts); the
// contract is docs/app-bridge.md.
//
// - In a browser every call answers at once with its fallback (spec §1): font size level 3,
//   emergency skip false, the rest empty (null, or nothing for the calls without an answer).
// - In an app, `init()` finds the native side (iOS: `webkit.messageHandlers.sise`; Android: the
//   `SiseAndroid` object) and takes over `window.SiseBridge.receive`, where the app delivers
//   its messages (the shell's stub queued those that came before: app/start.tsx).
// - A call first makes sure the app has the function: Android's object has a method of that
//   name; iOS is asked (`checkFunction`) and has 300 ms to answer (spec §9), else there is no
//   runner. A call with an answer then waits for the event carrying its id, at most
//   `callMs` (a token with the refresh flag: `tokenRefreshMs`, the app may show its login).
// - Events without an id go to the handlers registered with `on`; those that arrive before any
//   handler of their name are kept (at most MAX_KEPT_EVENTS) and handed to the first one.
import { currentAppType, type AppType } from './app-type';
import { AppBridgeError, reportBridgeError } from './errors';
import {
  BRIDGE_EVENTS,
  BROWSER_FONT_SIZE_LEVEL,
  CALL_ANSWERS,
  type AnalyticsEvent,
  type AppInfo,
  type AppUserInfo,
  type BridgeCallName,
  type BridgeCallParams,
  type BridgeEventName,
  type BridgeEvents,
  type HalfView,
  type NativeMessage,
} from './protocol';

export const BRIDGE_TIMEOUTS = {
  /** How long a call waits for its answer (not in the spec: ours, docs/app-bridge.md). */
  callMs: 10_000,
  /** A token with the refresh flag: the app may have to sign the member in first. */
  tokenRefreshMs: 120_000,
  /** spec §9: the iOS function check. */
  iosFunctionCheckMs: 300,
};

/** Events kept for handlers that subscribe later (the oldest dropped beyond it). */
export const MAX_KEPT_EVENTS = 100;

/** The iOS message handler's name (`window.webkit.messageHandlers.sise`). */
export const IOS_HANDLER = 'sise';
/** The Android JavaScript interface's name (`window.SiseAndroid`). */
export const ANDROID_INTERFACE = 'SiseAndroid';

type IosHandler = { postMessage: (message: unknown) => void };

/** Where the app's messages arrive; `queue` holds what came before the bridge was loaded. */
export type BridgeReceiver = { receive: (message: unknown) => void; queue?: unknown[] };

export type NativeWindow = Window & {
  webkit?: { messageHandlers?: Record<string, IosHandler | undefined> };
  SiseAndroid?: Record<string, unknown>;
  SiseBridge?: BridgeReceiver;
};

type Handler<E extends BridgeEventName> = (payload: BridgeEvents[E]) => void;

export type AppBridge = {
  /** The app around the page; null in a browser. */
  readonly appType: AppType | null;
  /** Finds the native side and takes its messages; throws `bridge_init_failed` without it. */
  init(): void;
  /** The messenger token; `refresh` asks the app for a fresh one. An empty one is refused. */
  getToken(options?: { refresh?: boolean }): Promise<string | null>;
  /** The real-time quotation token; an empty one is refused. */
  getQuotationToken(): Promise<string | null>;
  getUserInfo(): Promise<AppUserInfo | null>;
  getUserId(): Promise<string | null>;
  getAppInfo(): Promise<AppInfo | null>;
  /** Whether the app's notifications are on. */
  getAlarmState(): Promise<boolean | null>;
  /** The app's font size level, 1–5 (3 the normal size). */
  getFontSize(): Promise<number>;
  /** Whether the app says to skip the maintenance check. */
  getEmergencySkip(): Promise<boolean>;
  getStorage(key: string): Promise<string | null>;
  setStorage(key: string, value: string): Promise<void>;
  openHalfView(view: HalfView): Promise<void>;
  showToast(message: string): Promise<void>;
  share(content: BridgeCallParams['share']): Promise<void>;
  close(): Promise<void>;
  reload(): Promise<void>;
  sendAnalyticsEvents(events: AnalyticsEvent[]): Promise<void>;
  sendMarketingEvent(name: string, properties?: Record<string, unknown>): Promise<void>;
  setMarketingAttribute(key: string, value: string | number | boolean): Promise<void>;
  /** The app's own terms screen for `key`; it opens `redirectUrl` once agreed. */
  agreeTerms(key: string, redirectUrl: string): Promise<void>;
  /** Calls `handler` with every event `event` the app sends unasked; returns the unsubscribe. */
  on<E extends BridgeEventName>(event: E, handler: Handler<E>): () => void;
  /** A message from the app (what `window.SiseBridge.receive` does once initialised). */
  receive(message: unknown): void;
  /**
   * Hands `payload` to the handlers of `event` as if the app had sent it: an answer the page
   * asked for that stands for the event (the token of a login the page started: app-login.ts).
   */
  emit<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void;
};

type Pending = { resolve: (payload: unknown) => void; reject: (error: AppBridgeError) => void; timer: ReturnType<typeof setTimeout> };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const KNOWN_EVENTS = new Set<string>(BRIDGE_EVENTS);

/** A string the app answered, or the refusal of an empty one (spec §5). */
function nonEmptyToken(payload: Record<string, unknown>, call: string): string {
  const token = payload.token;
  if (typeof token !== 'string' || token.trim() === '') throw new AppBridgeError('bridge_empty_token', { call });
  return token;
}

function badAnswer(call: string): AppBridgeError {
  return new AppBridgeError('bridge_call_failed', { call, reason: 'the answer has not the contract shape' });
}

/** The font size level of an answer or event: an integer 1–5, or null. */
export function fontSizeLevel(payload: unknown): number | null {
  const level = isObject(payload) ? payload.level : undefined;
  return typeof level === 'number' && Number.isInteger(level) && level >= 1 && level <= 5 ? level : null;
}

export function createAppBridge({
  appType,
  win = window,
  timeouts = BRIDGE_TIMEOUTS,
}: {
  appType: AppType | null;
  win?: NativeWindow;
  timeouts?: typeof BRIDGE_TIMEOUTS;
}): AppBridge {
  let status: 'new' | 'ready' | 'failed' = appType ? 'new' : 'ready';
  let nextId = 1;
  const pending = new Map<string, Pending>();
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let kept: { event: string; payload: unknown }[] = [];
  /** iOS: what the app said it has (true/false); absent: not asked yet or no answer. */
  const available = new Map<string, boolean>();

  const dispatch = (event: string, payload: unknown) => {
    if (event === 'functionAvailability' && isObject(payload) && typeof payload.name === 'string') {
      available.set(payload.name, payload.available === true);
    }
    const set = handlers.get(event);
    if (!set || set.size === 0) {
      kept.push({ event, payload });
      if (kept.length > MAX_KEPT_EVENTS) kept.shift();
      return;
    }
    for (const handler of set) {
      try {
        handler(payload ?? {});
      } catch (error) {
        reportBridgeError(new AppBridgeError('bridge_event_bus_error', { event, cause: String(error) }));
      }
    }
  };

  const receive = (raw: unknown) => {
    let message: NativeMessage;
    try {
      const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
      if (!isObject(parsed)) throw new Error('not an object');
      message = parsed;
    } catch (error) {
      reportBridgeError(new AppBridgeError('bridge_event_bus_error', { cause: String(error) }));
      return;
    }
    const waiting = typeof message.id === 'string' ? pending.get(message.id) : undefined;
    if (waiting && message.id !== undefined) {
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error) {
        waiting.reject(
          new AppBridgeError('bridge_call_failed', { code: message.error.code, reason: message.error.message }),
        );
      } else {
        waiting.resolve(message.payload ?? {});
      }
      return;
    }
    if (typeof message.event !== 'string' || message.event === '') {
      reportBridgeError(new AppBridgeError('bridge_event_bus_empty', { id: message.id }));
      return;
    }
    if (!KNOWN_EVENTS.has(message.event)) {
      reportBridgeError(new AppBridgeError('bridge_event_bus_error', { event: message.event, reason: 'unknown event' }));
      return;
    }
    dispatch(message.event, message.payload);
  };

  const post = (id: string, name: BridgeCallName, params: object) => {
    try {
      if (appType?.os === 'ios') {
        const handler = win.webkit?.messageHandlers?.[IOS_HANDLER];
        if (!handler) throw new Error('no message handler');
        handler.postMessage({ id, name, params });
      } else {
        const method = win.SiseAndroid?.[name];
        if (typeof method !== 'function') throw new Error('no method');
        (method as (json: string) => unknown).call(win.SiseAndroid, JSON.stringify({ id, params }));
      }
    } catch (error) {
      throw new AppBridgeError('bridge_call_failed', { call: name, cause: String(error) });
    }
  };

  /** Sends a call and waits for its answer's payload at most `ms`. */
  const ask = (name: BridgeCallName, params: object, ms: number): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = String(nextId++);
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new AppBridgeError('bridge_timeout', { call: name, ms }));
      }, ms);
      pending.set(id, { resolve, reject, timer });
      try {
        post(id, name, params);
      } catch (error) {
        pending.delete(id);
        clearTimeout(timer);
        reject(error instanceof AppBridgeError ? error : new AppBridgeError('bridge_call_failed', { call: name }));
      }
    });

  /** Whether the app has `name` (spec §9: iOS has 300 ms to say so). */
  const hasFunction = async (name: BridgeCallName): Promise<boolean> => {
    if (appType?.os === 'android') return typeof win.SiseAndroid?.[name] === 'function';
    const known = available.get(name);
    if (known !== undefined) return known;
    try {
      const answer = await ask('checkFunction', { name }, timeouts.iosFunctionCheckMs);
      const has = isObject(answer) && answer.available === true;
      available.set(name, has);
      return has;
    } catch {
      // No answer in time (or a failed check): treated as absent, and asked again next time.
      return false;
    }
  };

  /** A call in an app: checked, sent, and (when it has an answer) awaited. */
  const call = async (name: BridgeCallName, params: object, ms = timeouts.callMs): Promise<Record<string, unknown>> => {
    if (status !== 'ready') throw new AppBridgeError('bridge_not_initialized', { call: name });
    if (!(await hasFunction(name))) throw new AppBridgeError('bridge_no_runner', { call: name });
    if (!(name in CALL_ANSWERS)) {
      post(String(nextId++), name, params);
      return {};
    }
    const answer = await ask(name, params, ms);
    if (!isObject(answer)) throw badAnswer(name);
    return answer;
  };

  const send = async (name: BridgeCallName, params: object): Promise<void> => {
    if (appType) await call(name, params);
  };

  return {
    appType,
    init() {
      if (!appType || status === 'ready') return;
      const present =
        appType.os === 'ios' ? Boolean(win.webkit?.messageHandlers?.[IOS_HANDLER]) : isObject(win.SiseAndroid);
      if (!present) {
        status = 'failed';
        throw new AppBridgeError('bridge_init_failed', { appType: `${appType.app}-${appType.os}` });
      }
      const queued = win.SiseBridge?.queue ?? [];
      win.SiseBridge = { receive };
      status = 'ready';
      for (const message of queued) receive(message);
    },
    async getToken({ refresh = false } = {}) {
      if (!appType) return null;
      const answer = await call('getToken', { refresh }, refresh ? timeouts.tokenRefreshMs : timeouts.callMs);
      return nonEmptyToken(answer, 'getToken');
    },
    async getQuotationToken() {
      if (!appType) return null;
      return nonEmptyToken(await call('getQuotationToken', {}), 'getQuotationToken');
    },
    async getUserInfo() {
      if (!appType) return null;
      const { user } = await call('getUserInfo', {});
      if (user === null || user === undefined) return null;
      if (!isObject(user) || typeof user.userId !== 'string') throw badAnswer('getUserInfo');
      return user as AppUserInfo;
    },
    async getUserId() {
      if (!appType) return null;
      const { userId } = await call('getUserId', {});
      if (userId === null || userId === undefined || userId === '') return null;
      if (typeof userId !== 'string') throw badAnswer('getUserId');
      return userId;
    },
    async getAppInfo() {
      if (!appType) return null;
      const info = await call('getAppInfo', {});
      if (typeof info.version !== 'string') throw badAnswer('getAppInfo');
      return info as AppInfo;
    },
    async getAlarmState() {
      if (!appType) return null;
      const { enabled } = await call('getAlarmState', {});
      if (typeof enabled !== 'boolean') throw badAnswer('getAlarmState');
      return enabled;
    },
    async getFontSize() {
      if (!appType) return BROWSER_FONT_SIZE_LEVEL;
      const level = fontSizeLevel(await call('getFontSize', {}));
      if (level === null) throw badAnswer('getFontSize');
      return level;
    },
    async getEmergencySkip() {
      if (!appType) return false;
      const { skip } = await call('getEmergencySkip', {});
      if (typeof skip !== 'boolean') throw badAnswer('getEmergencySkip');
      return skip;
    },
    async getStorage(key) {
      if (!appType) return null;
      const { value } = await call('getStorage', { key });
      if (value === null || value === undefined) return null;
      if (typeof value !== 'string') throw badAnswer('getStorage');
      return value;
    },
    setStorage: (key, value) => send('setStorage', { key, value }),
    openHalfView: (view) => send('openHalfView', view),
    showToast: (message) => send('showToast', { message }),
    share: (content) => send('share', content),
    close: () => send('close', {}),
    reload: () => send('reload', {}),
    sendAnalyticsEvents: (events) => send('sendAnalyticsEvents', { events }),
    sendMarketingEvent: (name, properties) => send('sendMarketingEvent', { name, properties }),
    setMarketingAttribute: (key, value) => send('setMarketingAttribute', { key, value }),
    agreeTerms: (key, redirectUrl) => send('agreeTerms', { key, redirectUrl }),
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      const listener = handler as (payload: unknown) => void;
      set.add(listener);
      // Hand over what came before anyone listened.
      const mine = kept.filter((message) => message.event === event);
      if (mine.length > 0) {
        kept = kept.filter((message) => message.event !== event);
        for (const message of mine) dispatch(message.event, message.payload);
      }
      return () => set.delete(listener);
    },
    receive,
    emit: (event, payload) => dispatch(event, payload),
  };
}

let shared: AppBridge | null = null;

/**
 * The page's bridge, set up on first use: for the app the user agent names, or the browser's
 * fallbacks. A failed set-up is reported; its calls then fail with `bridge_not_initialized`.
 */
export function getAppBridge(): AppBridge {
  if (!shared) {
    shared = createAppBridge({ appType: currentAppType() });
    try {
      shared.init();
    } catch (error) {
      reportBridgeError(error);
    }
  }
  return shared;
}
