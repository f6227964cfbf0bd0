// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

import { createToggleQueue } from './toggle-queue';

/** A request the test resolves or rejects by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

// State: the FavoriteStock id when registered, null otherwise.
function setup(initial: number | null = null) {
  const requests: { on: boolean; done: ReturnType<typeof deferred<number | null>> }[] = [];
  const onSettled = vi.fn();
  const onError = vi.fn();
  const queue = createToggleQueue<number | null>({
    initial,
    isOn: (state) => state !== null,
    run: (_confirmed, on) => {
      const done = deferred<number | null>();
      requests.push({ on, done });
      return done.promise;
    },
    onSettled,
    onError,
  });
  return { queue, requests, onSettled, onError };
}

describe('createToggleQueue', () => {
  it('merges rapid taps into one request for the last wanted state', async () => {
    const { queue, requests, onSettled } = setup();
    queue.toggle(true);
    queue.toggle(false);
    queue.toggle(true);
    await flush();
    expect(requests.map((request) => request.on)).toEqual([true]);
    requests[0]?.done.resolve(7);
    await flush();
    expect(onSettled).toHaveBeenCalledWith(7);
  });

  it('sends nothing when the taps cancel out', async () => {
    const { queue, requests, onSettled } = setup(7);
    queue.toggle(false);
    queue.toggle(true);
    await flush();
    expect(requests).toHaveLength(0);
    expect(onSettled).toHaveBeenCalledWith(7);
  });

  it('merges taps made during a request into one final request', async () => {
    const { queue, requests, onSettled } = setup();
    queue.toggle(true);
    await flush();
    queue.toggle(false);
    queue.toggle(true);
    queue.toggle(false);
    requests[0]?.done.resolve(7);
    await flush();
    expect(requests.map((request) => request.on)).toEqual([true, false]);
    requests[1]?.done.resolve(null);
    await flush();
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled).toHaveBeenCalledWith(null);
  });

  it('rolls back to the last confirmed state on failure', async () => {
    const { queue, requests, onSettled, onError } = setup(7);
    queue.toggle(false);
    await flush();
    const error = new Error('boom');
    requests[0]?.done.reject(error);
    await flush();
    expect(onError).toHaveBeenCalledWith(error, 7);
    expect(onSettled).not.toHaveBeenCalled();
    // The queue goes on from the confirmed state.
    queue.toggle(true);
    await flush();
    expect(requests).toHaveLength(1);
  });
});
