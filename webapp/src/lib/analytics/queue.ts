// The analytics event queue (spec §8, §9): events wait to be sent in batches, and a batch's
// answer decides what becomes of its events. One queue per way out: the web's (POST
// /api/analytics/events) and the app's (the bridge's sendAnalyticsEvents); their constants are
// spec §9's (WEB_QUEUE, APP_QUEUE).
//
// - An event waits at most `flushIntervalMs`; `flushQueueSize` waiting events are sent at once,
//   and no batch is larger (the server takes 50 at most).
// - The answers (spec §8): 2xx success; 429 rate limit: nothing is sent until its Retry-After
//   (else `throttleMs`) has passed, then the batch again; 413 too large: the batch is halved
//   (one event too large is dropped); 408 timeout and 5xx (and no answer, and a failed
//   beacon, counted as 500) failed: the batch again after attempts × `retryStepMs`, at most
//   `maxRetries` times (then dropped as retries exceeded, 500); any other 4xx invalid: dropped.
// - At most `maxQueueSize` events wait (spec §9 "event queue up to 512"): the oldest go first.

export type QueueConfig = {
  /** How long an event waits for others before its batch is sent. */
  flushIntervalMs: number;
  /** Waiting events that are sent at once, without waiting the interval; a batch's largest size. */
  flushQueueSize: number;
  /** How many times a failed batch is sent again. */
  maxRetries: number;
  /** A failed batch's nth new attempt waits n × this. */
  retryStepMs: number;
  /** A rate-limited batch waits this when the answer names no Retry-After. */
  throttleMs: number;
  /** Events kept waiting at most. */
  maxQueueSize: number;
};

/** spec §9: analytics events event queue up to 512. */
export const MAX_QUEUED_EVENTS = 512;

/** spec §9 "web flush 1000 ms, 5 retries, queue 30" (the step and throttle are the app's: ours). */
export const WEB_QUEUE: QueueConfig = {
  flushIntervalMs: 1000,
  flushQueueSize: 30,
  maxRetries: 5,
  retryStepMs: 1000,
  throttleMs: 30_000,
  maxQueueSize: MAX_QUEUED_EVENTS,
};

/** spec §9 "app bridge flush 10000 ms, queue 200, 12 retries, step 1000 ms, throttle 30000 ms". */
export const APP_QUEUE: QueueConfig = {
  flushIntervalMs: 10_000,
  flushQueueSize: 200,
  maxRetries: 12,
  retryStepMs: 1000,
  throttleMs: 30_000,
  maxQueueSize: MAX_QUEUED_EVENTS,
};

/** What a batch's answer means (spec §8), plus the queue's own ends of an event. */
export type Outcome =
  | 'success'
  | 'rate_limited'
  | 'too_large'
  | 'timeout'
  | 'invalid'
  | 'failed'
  /** Sent `maxRetries` times without success (counted as 500). */
  | 'retries_exceeded'
  /** Pushed out of a full queue. */
  | 'dropped';

/** A batch's answer: its HTTP status (0: none came), and the Retry-After of a 429. */
export type SendResult = { status: number; retryAfterMs?: number };

/** A failed beacon is counted as this status (spec §8). */
export const BEACON_FAILED_STATUS = 500;

/** spec §8: 2xx success, 429 rate limit, 413 too large, 408 timeout, other 4xx invalid, 5xx failed. */
export function outcomeOf(status: number): Exclude<Outcome, 'retries_exceeded' | 'dropped'> {
  if (status >= 200 && status < 300) return 'success';
  if (status === 429) return 'rate_limited';
  if (status === 413) return 'too_large';
  if (status === 408) return 'timeout';
  if (status >= 400 && status < 500) return 'invalid';
  // 5xx, and no answer at all (a network failure, a failed beacon).
  return 'failed';
}

type Entry<E> = {
  event: E;
  /** Events of one key go in one batch (the web's: one session per batch). */
  key: string;
  attempts: number;
  /** Not sent before this time (a retried event's wait). */
  notBefore: number;
  /** A flush is due by this time: a new event's interval, a retried one's wait. */
  dueAt: number;
};

export type EventQueue<E> = {
  push(event: E, key?: string): void;
  /** Sends what is ready now (tests; the interval does it otherwise). */
  flush(): Promise<void>;
  /**
   * The page goes away: every waiting event is handed to `beacon` in batches, now; a batch it
   * refuses counts as failed (500) and stays, should the page come back (the back-forward cache).
   */
  flushWithBeacon(beacon: (events: E[]) => boolean): void;
  size(): number;
  stop(): void;
};

type Clock = { now: () => number };

export function createEventQueue<E>({
  config,
  send,
  onOutcome,
  clock = { now: Date.now },
}: {
  config: QueueConfig;
  send: (events: E[]) => Promise<SendResult>;
  /** What became of events (for the curious: tests, the console in development). */
  onOutcome?: (outcome: Outcome, events: E[]) => void;
  clock?: Clock;
}): EventQueue<E> {
  let entries: Entry<E>[] = [];
  let batchSize = config.flushQueueSize;
  let pausedUntil = 0;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = Infinity;
  let stopped = false;

  const report = (outcome: Outcome, list: Entry<E>[]) => {
    if (list.length > 0) onOutcome?.(outcome, list.map((entry) => entry.event));
  };

  /** Makes sure a flush runs at `at` at the latest. */
  const scheduleAt = (at: number) => {
    if (stopped || at >= timerDue) return;
    clearTimeout(timer);
    timerDue = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerDue = Infinity;
        void flush();
      },
      Math.max(0, at - clock.now()),
    );
  };

  const ready = (now: number) => entries.filter((entry) => entry.notBefore <= now);

  /** When the next flush is due: after a pause; at once for a full batch; else the earliest due event. */
  const reschedule = () => {
    if (entries.length === 0) return;
    const now = clock.now();
    if (now < pausedUntil) scheduleAt(pausedUntil);
    else if (ready(now).length >= batchSize) scheduleAt(now);
    else scheduleAt(Math.max(now, Math.min(...entries.map((entry) => entry.dueAt))));
  };

  /** Puts a batch back (before the rest: it is older), or drops what has been tried enough. */
  const retry = (batch: Entry<E>[], notBefore: (attempts: number) => number) => {
    const again: Entry<E>[] = [];
    const exceeded: Entry<E>[] = [];
    for (const entry of batch) {
      const attempts = entry.attempts + 1;
      if (attempts > config.maxRetries) exceeded.push(entry);
      else again.push({ ...entry, attempts, notBefore: notBefore(attempts), dueAt: notBefore(attempts) });
    }
    report('retries_exceeded', exceeded);
    entries = [...again, ...entries];
  };

  const settle = (batch: Entry<E>[], { status, retryAfterMs }: SendResult) => {
    const now = clock.now();
    const outcome = outcomeOf(status);
    switch (outcome) {
      case 'success':
      case 'invalid':
        report(outcome, batch);
        break;
      case 'rate_limited':
        pausedUntil = now + (retryAfterMs !== undefined && retryAfterMs >= 0 ? retryAfterMs : config.throttleMs);
        report(outcome, batch);
        retry(batch, () => pausedUntil);
        break;
      case 'too_large':
        if (batch.length > 1) {
          // Not the events' fault: they go again at once, in smaller batches, no attempt counted.
          batchSize = Math.max(1, Math.floor(batch.length / 2));
          entries = [...batch, ...entries];
        } else {
          report(outcome, batch);
        }
        break;
      case 'timeout':
      case 'failed':
        report(outcome, batch);
        retry(batch, (attempts) => now + attempts * config.retryStepMs);
        break;
    }
  };

  /** The next batch: ready events of the first ready event's key, at most `batchSize`. */
  const takeBatch = (now: number): Entry<E>[] => {
    const first = entries.find((entry) => entry.notBefore <= now);
    if (!first) return [];
    const batch = entries.filter((entry) => entry.notBefore <= now && entry.key === first.key).slice(0, batchSize);
    entries = entries.filter((entry) => !batch.includes(entry));
    return batch;
  };

  async function flush(): Promise<void> {
    if (stopped || inFlight) return;
    const now = clock.now();
    if (now < pausedUntil) {
      reschedule();
      return;
    }
    const batch = takeBatch(now);
    if (batch.length === 0) {
      reschedule();
      return;
    }
    inFlight = true;
    let result: SendResult;
    try {
      result = await send(batch.map((entry) => entry.event));
    } catch {
      result = { status: 0 };
    }
    inFlight = false;
    if (stopped) return;
    settle(batch, result);
    reschedule();
  }

  return {
    push(event, key = '') {
      if (stopped) return;
      entries.push({ event, key, attempts: 0, notBefore: 0, dueAt: clock.now() + config.flushIntervalMs });
      if (entries.length > config.maxQueueSize) report('dropped', entries.splice(0, entries.length - config.maxQueueSize));
      reschedule();
    },
    flush,
    flushWithBeacon(beacon) {
      if (stopped) return;
      const all = entries;
      entries = [];
      const byKey = new Map<string, Entry<E>[]>();
      for (const entry of all) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
      for (const group of byKey.values()) {
        for (let start = 0; start < group.length; start += batchSize) {
          const batch = group.slice(start, start + batchSize);
          let sent = false;
          try {
            sent = beacon(batch.map((entry) => entry.event));
          } catch {
            sent = false;
          }
          settle(batch, { status: sent ? 202 : BEACON_FAILED_STATUS });
        }
      }
      reschedule();
    },
    size: () => entries.length,
    stop() {
      stopped = true;
      clearTimeout(timer);
      entries = [];
    },
  };
}
