// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  APP_QUEUE,
  BEACON_FAILED_STATUS,
  WEB_QUEUE,
  createEventQueue,
  outcomeOf,
  type Outcome,
  type QueueConfig,
  type SendResult,
} from './queue';

type Sent = { at: number; events: number[] };

/** A queue of numbers whose sends are answered by `answer` (one per call, the last one repeated). */
function setUp(config: QueueConfig, answers: SendResult[] = [{ status: 202 }]) {
  const sent: Sent[] = [];
  const outcomes: [Outcome, number[]][] = [];
  let call = 0;
  const queue = createEventQueue<number>({
    config,
    send: (events) => {
      sent.push({ at: Date.now(), events });
      const answer = answers[Math.min(call, answers.length - 1)] ?? { status: 202 };
      call += 1;
      return Promise.resolve(answer);
    },
    onOutcome: (outcome, events) => outcomes.push([outcome, events]),
  });
  return { queue, sent, outcomes };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('outcomeOf (spec §8)', () => {
  it('maps every answer', () => {
    expect(outcomeOf(200)).toBe('success');
    expect(outcomeOf(202)).toBe('success');
    expect(outcomeOf(204)).toBe('success');
    expect(outcomeOf(429)).toBe('rate_limited');
    expect(outcomeOf(413)).toBe('too_large');
    expect(outcomeOf(408)).toBe('timeout');
    expect(outcomeOf(400)).toBe('invalid');
    expect(outcomeOf(401)).toBe('invalid');
    expect(outcomeOf(404)).toBe('invalid');
    expect(outcomeOf(500)).toBe('failed');
    expect(outcomeOf(503)).toBe('failed');
    expect(outcomeOf(BEACON_FAILED_STATUS)).toBe('failed');
    // No answer at all (a network failure).
    expect(outcomeOf(0)).toBe('failed');
  });
});

describe('the web queue (spec §9: flush 1000 ms, 5 retries, queue 30)', () => {
  it('sends an event 1000 ms after it was queued, with those queued meanwhile', async () => {
    const { queue, sent, outcomes } = setUp(WEB_QUEUE);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(400);
    queue.push(2);
    await vi.advanceTimersByTimeAsync(599);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ at: 1000, events: [1, 2] }]);
    expect(outcomes).toEqual([['success', [1, 2]]]);
    expect(queue.size()).toBe(0);
  });

  it('sends 30 waiting events at once, and never more than 30 in a batch', async () => {
    const { queue, sent } = setUp(WEB_QUEUE);
    for (const event of range(1, 29)) queue.push(event);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    queue.push(30);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ at: 0, events: range(1, 30) }]);

    for (const event of range(31, 45)) queue.push(event);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map(({ at, events }) => [at, events.length])).toEqual([
      [0, 30],
      [0, 30],
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map(({ at, events }) => [at, events.length])).toEqual([
      [0, 30],
      [0, 30],
      [1000, 15],
    ]);
  });

  it('keeps at most 512 events: the oldest are dropped', async () => {
    const outcomes: [Outcome, number[]][] = [];
    // A send that never ends: nothing else goes meanwhile, the queue fills behind it.
    const queue = createEventQueue<number>({
      config: WEB_QUEUE,
      send: () => new Promise(() => undefined),
      onOutcome: (outcome, events) => outcomes.push([outcome, events]),
    });
    for (const event of range(1, 30)) queue.push(event);
    await vi.advanceTimersByTimeAsync(0);
    for (const event of range(31, 514)) queue.push(event);
    expect(queue.size()).toBe(512);
    expect(outcomes).toEqual([
      ['dropped', [31]],
      ['dropped', [32]],
    ]);
    queue.stop();
  });

  it('tries a failed batch again after attempts × 1000 ms, 5 times, then drops it (retries exceeded)', async () => {
    const { queue, sent, outcomes } = setUp(WEB_QUEUE, [{ status: 500 }]);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(60_000);
    // First send at 1000, then waits of 1, 2, 3, 4 and 5 steps.
    expect(sent.map(({ at }) => at)).toEqual([1000, 2000, 4000, 7000, 11_000, 16_000]);
    expect(outcomes.map(([outcome]) => outcome)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
      'retries_exceeded',
    ]);
    expect(queue.size()).toBe(0);
  });

  it('counts a timeout (408) and no answer as failed, and succeeds on a later attempt', async () => {
    const { queue, sent, outcomes } = setUp(WEB_QUEUE, [{ status: 408 }, { status: 0 }, { status: 202 }]);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.map(({ at }) => at)).toEqual([1000, 2000, 4000]);
    expect(outcomes.map(([outcome]) => outcome)).toEqual(['timeout', 'failed', 'success']);
  });

  it('a rate limit (429) stops every send until its Retry-After, then sends the batch again', async () => {
    const { queue, sent, outcomes } = setUp(WEB_QUEUE, [{ status: 429, retryAfterMs: 7000 }, { status: 202 }]);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(1000);
    queue.push(2);
    await vi.advanceTimersByTimeAsync(6999);
    expect(sent.map(({ at }) => at)).toEqual([1000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      { at: 1000, events: [1] },
      { at: 8000, events: [1, 2] },
    ]);
    expect(outcomes).toEqual([
      ['rate_limited', [1]],
      ['success', [1, 2]],
    ]);
  });

  it('a rate limit without Retry-After waits the throttle (30000 ms)', async () => {
    const { queue, sent } = setUp(WEB_QUEUE, [{ status: 429 }, { status: 202 }]);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(30_999);
    expect(sent.map(({ at }) => at)).toEqual([1000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map(({ at }) => at)).toEqual([1000, 31_000]);
  });

  it('halves a batch answered too large (413) and drops a single event that is', async () => {
    const { queue, sent, outcomes } = setUp(WEB_QUEUE, [{ status: 413 }, { status: 202 }, { status: 202 }, { status: 413 }]);
    for (const event of range(1, 4)) queue.push(event);
    // The halves go at once after the answer (zero timers, which fake timers run 1 ms apart).
    await vi.advanceTimersByTimeAsync(1010);
    expect(sent.map(({ events }) => events)).toEqual([
      [1, 2, 3, 4],
      [1, 2],
      [3, 4],
    ]);
    queue.push(5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map(({ events }) => events).at(-1)).toEqual([5]);
    expect(outcomes).toEqual([
      ['success', [1, 2]],
      ['success', [3, 4]],
      ['too_large', [5]],
    ]);
  });

  it('drops a batch answered invalid (another 4xx), without trying again', async () => {
    const { queue, sent, outcomes } = setUp(WEB_QUEUE, [{ status: 400 }]);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect(outcomes).toEqual([['invalid', [1]]]);
    expect(queue.size()).toBe(0);
  });

  it('sends one key (session) per batch', async () => {
    const { queue, sent } = setUp(WEB_QUEUE);
    queue.push(1, 'a');
    queue.push(2, 'b');
    queue.push(3, 'a');
    // The second batch goes at once after the first's answer (a zero timer).
    await vi.advanceTimersByTimeAsync(1010);
    expect(sent.map(({ events }) => events)).toEqual([[1, 3], [2]]);
  });

  it('hands everything to the beacon as the page goes away; a refused beacon counts as 500 and stays', async () => {
    const { queue, sent, outcomes } = setUp(WEB_QUEUE);
    for (const event of range(1, 40)) queue.push(event);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    const beacons: number[][] = [];
    queue.flushWithBeacon((events) => {
      beacons.push(events);
      return false;
    });
    expect(beacons).toEqual([range(31, 10)]);
    expect(outcomes.at(-1)).toEqual(['failed', range(31, 10)]);
    expect(queue.size()).toBe(10);
    // The page came back (the back-forward cache): the events go after their retry step.
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.at(-1)).toEqual({ at: 1000, events: range(31, 10) });

    queue.push(99);
    queue.flushWithBeacon(() => true);
    expect(outcomes.at(-1)).toEqual(['success', [99]]);
    expect(queue.size()).toBe(0);
  });
});

describe('the app queue (spec §9: flush 10000 ms, queue 200, 12 retries, step 1000 ms, throttle 30000 ms)', () => {
  it('sends an event 10000 ms after it was queued, 200 at once', async () => {
    const { queue, sent } = setUp(APP_QUEUE);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(9999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ at: 10_000, events: [1] }]);

    for (const event of range(2, 199)) queue.push(event);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    queue.push(201);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)?.events).toHaveLength(200);
  });

  it('tries 12 times more, each after attempts × 1000 ms, then drops (retries exceeded)', async () => {
    const { queue, sent, outcomes } = setUp(APP_QUEUE, [{ status: 500 }]);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(200_000);
    const waits = sent.slice(1).map(({ at }, index) => at - (sent[index]?.at ?? 0));
    expect(sent[0]?.at).toBe(10_000);
    expect(waits).toEqual(range(1, 12).map((attempt) => attempt * 1000));
    expect(outcomes.at(-1)).toEqual(['retries_exceeded', [1]]);
  });

  it('a rate limit without Retry-After waits the throttle (30000 ms)', async () => {
    const { queue, sent } = setUp(APP_QUEUE, [{ status: 429 }, { status: 200 }]);
    queue.push(1);
    await vi.advanceTimersByTimeAsync(10_000 + 29_999);
    expect(sent.map(({ at }) => at)).toEqual([10_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map(({ at }) => at)).toEqual([10_000, 40_000]);
  });
});
