// The favorites heart's toggle: the app's mutation queue (lib/mutation-queue.ts) over on and
// off. Taps change an optimistic state at once; taps made while a request runs merge into a
// single final request for the last wanted state (none when it is already the server's). The
// shown state then settles on the server's answer; a failure rolls back to the last state the
// server confirmed and says so.
import { useEffect, useRef, useState } from 'react';

import { createMutationQueue } from '@/lib/mutation-queue';

export type ToggleQueueOptions<S> = {
  /** The server's state when the queue starts. */
  initial: S;
  isOn: (state: S) => boolean;
  /** Sends one request moving `confirmed` to `on`; resolves to the server's new state. */
  run: (confirmed: S, on: boolean) => Promise<S>;
  /** Every wanted state was sent: the server's final state. */
  onSettled: (state: S) => void;
  /** A request failed: the last state the server confirmed. */
  onError: (error: unknown, confirmed: S) => void;
};

export type ToggleQueue<S> = {
  toggle: (on: boolean) => void;
  /** A newer server state (a refetch); taken only while no request runs. */
  setConfirmed: (state: S) => void;
};

export function createToggleQueue<S>({ isOn, ...options }: ToggleQueueOptions<S>): ToggleQueue<S> {
  const queue = createMutationQueue<S, boolean>({ ...options, reached: (state, on) => isOn(state) === on });
  return { toggle: queue.want, setConfirmed: queue.setConfirmed };
}

type Shadow<S> = { on: boolean; basis: S; busy: boolean };

/**
 * A toggle over `serverState` (from a query): returns the state to show and `toggle`. The
 * shown state is optimistic while requests run and after they settle, until the query brings
 * a newer server state; on failure it falls back to the server's.
 */
export function useToggleMutationQueue<S>({
  serverState,
  isOn,
  run,
  onSettled,
  onError,
}: {
  serverState: S;
  isOn: (state: S) => boolean;
  run: (confirmed: S, on: boolean) => Promise<S>;
  onSettled?: (state: S) => void;
  onError?: (error: unknown) => void;
}): [boolean, () => void] {
  const [shadow, setShadow] = useState<Shadow<S> | null>(null);
  // The latest callbacks, for the queue made once.
  const latest = useRef({ isOn, run, onSettled, onError });
  useEffect(() => {
    latest.current = { isOn, run, onSettled, onError };
  });
  // Made on the first tap (an event, not the render), from the server state of that moment.
  const queue = useRef<ToggleQueue<S> | null>(null);
  useEffect(() => queue.current?.setConfirmed(serverState), [serverState]);

  const shown = shadow && (shadow.busy || shadow.basis === serverState) ? shadow.on : isOn(serverState);
  const toggle = () => {
    const on = !shown;
    setShadow({ on, basis: serverState, busy: true });
    queue.current ??= createToggleQueue<S>({
      initial: serverState,
      isOn: (state) => latest.current.isOn(state),
      run: (confirmed, value) => latest.current.run(confirmed, value),
      onSettled: (state) => {
        setShadow((current) => (current ? { ...current, on: latest.current.isOn(state), busy: false } : null));
        latest.current.onSettled?.(state);
      },
      onError: (error) => {
        setShadow(null);
        latest.current.onError?.(error);
      },
    });
    queue.current.toggle(on);
  };
  return [shown, toggle];
}
