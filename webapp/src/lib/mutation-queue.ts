// The mutation queue behind every toggle of the app (after Bluesky's useToggleMutationQueue,
// docs STYLE): taps change an optimistic state at once; requests run one at a time, and taps
// made while one runs merge into a single final request for the last wanted value (none when
// the server is there already). The favorites heart wants on or off
// (features/favorites/toggle-queue.ts); a post's reactions want liked, disliked or neither
// (features/social/hooks/use-reaction-queue.ts).

export type MutationQueueOptions<S, W> = {
  /** The server's state when the queue starts. */
  initial: S;
  /** Whether `state` is already what `wanted` asks for (then nothing is sent). */
  reached: (state: S, wanted: W) => boolean;
  /** Sends one request moving `confirmed` to `wanted`; resolves to the server's new state. */
  run: (confirmed: S, wanted: W) => Promise<S>;
  /** Every wanted value was sent: the server's final state. */
  onSettled: (state: S) => void;
  /** A request failed: the last state the server confirmed. */
  onError: (error: unknown, confirmed: S) => void;
};

export type MutationQueue<S, W> = {
  want: (wanted: W) => void;
  /** A newer server state (a refetch); taken only while no request runs. */
  setConfirmed: (state: S) => void;
};

export function createMutationQueue<S, W>(options: MutationQueueOptions<S, W>): MutationQueue<S, W> {
  let confirmed = options.initial;
  let pending: { wanted: W } | null = null;
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    try {
      // Taps of the same moment merge before the first request.
      await Promise.resolve();
      while (pending !== null) {
        const { wanted } = pending;
        pending = null;
        if (options.reached(confirmed, wanted)) continue;
        confirmed = await options.run(confirmed, wanted);
      }
      running = false;
      options.onSettled(confirmed);
    } catch (error) {
      pending = null;
      running = false;
      options.onError(error, confirmed);
    }
  }

  return {
    want(wanted) {
      pending = { wanted };
      if (!running) void drain();
    },
    setConfirmed(state) {
      if (!running) confirmed = state;
    },
  };
}
