// Where the queues' batches go (spec §7 "analytics events sent to an analytics service"): in a
// browser `POST /api/analytics/events` on the main host (signed for a member, as every main call),
// and as the page goes away a beacon; inside an app the bridge's sendAnalyticsEvents (the app
// sends them on with its own).
import { env } from '@/config/env';
import { mainApi } from '@/lib/api';
import type { AnalyticsEvent as AppAnalyticsEvent } from '@/lib/app-bridge/protocol';

import type { AnalyticsEventBody } from './events';
import type { SendResult } from './queue';

export const ANALYTICS_PATH = '/api/analytics/events';

/** An event in a queue, with the session it happened in (a batch holds one session). */
export type QueuedEvent = { body: AnalyticsEventBody; sessionId: string };

export type Transport = {
  send: (events: QueuedEvent[]) => Promise<SendResult>;
  /** Hands a batch to the browser to send after the page is gone; false when it refused. */
  beacon?: (events: QueuedEvent[]) => boolean;
};

/** A Retry-After header (seconds, or an HTTP date) in ms from `now`; undefined without one. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function batchBody(deviceId: string, events: QueuedEvent[]) {
  return { device_id: deviceId, session_id: events[0]?.sessionId ?? '', events: events.map((event) => event.body) };
}

export function webTransport(deviceId: string): Transport {
  return {
    async send(events) {
      const response = await mainApi.raw(ANALYTICS_PATH, { method: 'POST', json: batchBody(deviceId, events) });
      return { status: response.status, retryAfterMs: retryAfterMs(response.headers.get('Retry-After')) };
    },
    beacon(events) {
      if (typeof navigator.sendBeacon !== 'function') return false;
      const url = `${new URL(env.MAIN_API_BASE, location.href).href.replace(/\/+$/, '')}${ANALYTICS_PATH}`;
      // text/plain keeps it a simple request on another origin (the API host may be one); the
      // server reads the body as JSON whatever its type. A beacon is never signed: its events
      // count for the device, not the member.
      const blob = new Blob([JSON.stringify(batchBody(deviceId, events))], { type: 'text/plain;charset=UTF-8' });
      return navigator.sendBeacon(url, blob);
    },
  };
}

/** An event as the app takes it (docs/app-bridge.md, "Analytics"). */
export function appEvent({ body }: QueuedEvent): AppAnalyticsEvent {
  return {
    name: body.name,
    timestamp: body.time,
    id: body.id,
    ...(body.screen ? { screen: body.screen } : {}),
    ...(body.properties ? { properties: body.properties } : {}),
    ...(body.user_properties ? { userProperties: body.user_properties } : {}),
  };
}

/**
 * Through the app: resolved once handed over (200); no answer in time 408, any other failure
 * (the app lacks the call, it threw) 500, so the queue tries again.
 */
export function appTransport(sendAnalyticsEvents: (events: AppAnalyticsEvent[]) => Promise<void>): Transport {
  return {
    async send(events) {
      try {
        await sendAnalyticsEvents(events.map(appEvent));
        return { status: 200 };
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        return { status: code === 'bridge_timeout' ? 408 : 500 };
      }
    },
  };
}
