// The analytics client (spec §5, §7, §8, §9; docs/app-bridge.md, "Analytics"): `track` checks an
// event (spec §5's limits), stamps it (a UUID, the time, the session) and queues it; the queue
// (queue.ts) sends it in batches, through the web (a browser) or the app (inside one). Loaded
// after the page's first paint (app/after-paint.ts); tracking before `initAnalytics` is an
// error (spec §8).
import { currentAppType } from '@/lib/app-bridge/app-type';

import {
  AnalyticsError,
  checkEvent,
  checkUserProperties,
  type AnalyticsEventBody,
  type UserPropertyValue,
} from './events';
import { deviceId, sessionIdAt, uuid } from './ids';
import { APP_QUEUE, WEB_QUEUE, createEventQueue, type EventQueue, type Outcome, type QueueConfig } from './queue';
import { appTransport, webTransport, type QueuedEvent, type Transport } from './transports';

export type TrackOptions = {
  /** The route pattern of the page (`/m/stocks/:securityId`). */
  screen?: string | null;
  properties?: Record<string, unknown> | null;
};

export type AnalyticsClient = {
  /** Queues an event; throws an AnalyticsError when it breaks spec §5's limits. */
  track(name: string, options?: TrackOptions): void;
  /** User properties (spec §5), sent with the next event. */
  setUserProperties(properties: Record<string, unknown>): void;
  /** Sends what is waiting now. */
  flush(): Promise<void>;
  /** Stops (its queue's events are dropped); for tests. */
  stop(): void;
};

export function createAnalyticsClient({
  transport,
  config,
  now = Date.now,
  onOutcome,
}: {
  transport: Transport;
  config: QueueConfig;
  now?: () => number;
  onOutcome?: (outcome: Outcome, events: QueuedEvent[]) => void;
}): AnalyticsClient {
  const queue: EventQueue<QueuedEvent> = createEventQueue({
    config,
    send: transport.send,
    onOutcome,
    clock: { now },
  });
  let pendingUserProperties: Record<string, UserPropertyValue> | null = null;
  const beacon = transport.beacon;
  // As the page goes away, a browser sends what is waiting by beacon (spec §8: a refused one
  // counts as 500, and stays queued should the page come back from the back-forward cache).
  const onPageHide = () => {
    if (beacon) queue.flushWithBeacon(beacon);
  };
  if (beacon) window.addEventListener('pagehide', onPageHide);

  return {
    track(name, { screen = null, properties = null } = {}) {
      checkEvent(name, properties);
      const time = now();
      const body: AnalyticsEventBody = {
        id: uuid(),
        name,
        time,
        screen,
        properties,
        user_properties: pendingUserProperties,
      };
      pendingUserProperties = null;
      const sessionId = sessionIdAt(time);
      queue.push({ body, sessionId }, sessionId);
    },
    setUserProperties(properties) {
      pendingUserProperties = { ...pendingUserProperties, ...checkUserProperties(properties) };
    },
    flush: () => queue.flush(),
    stop() {
      queue.stop();
      window.removeEventListener('pagehide', onPageHide);
    },
  };
}

let client: AnalyticsClient | null = null;

/**
 * The page's client: inside an app the app's queue through the bridge (loaded here: a browser
 * never loads it), in a browser the web's.
 */
export async function initAnalytics(): Promise<AnalyticsClient> {
  if (client) return client;
  if (currentAppType()) {
    const { getAppBridge } = await import('@/lib/app-bridge/bridge');
    const bridge = getAppBridge();
    client = createAnalyticsClient({
      transport: appTransport((events) => bridge.sendAnalyticsEvents(events)),
      config: APP_QUEUE,
    });
  } else {
    client = createAnalyticsClient({ transport: webTransport(deviceId()), config: WEB_QUEUE });
  }
  return client;
}

/** Tracks an event with the page's client; spec §8: an error before initAnalytics. */
export function track(name: string, options?: TrackOptions): void {
  if (!client) throw new AnalyticsError('analytics_not_initialized', { name });
  client.track(name, options);
}

/** For tests: no client. */
export function resetAnalytics(): void {
  client?.stop();
  client = null;
}
