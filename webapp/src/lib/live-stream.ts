/** Readiness of an EventSource the browser has given up (`EventSource.CLOSED`). */
const CLOSED = 2;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

type Listener = (event: MessageEvent<string>) => void;

/**
 * Opens a Server-Sent Events stream that stays open until the returned function is called.
 * EventSource reconnects by itself after a dropped connection, but not after an HTTP error (the
 * gateway's 429 over its stream bounds, a 503 while it restarts): it closes for good, and a
 * board or a price would stay still until a reload. Here a stream the browser gave up is opened
 * again after 1 s, then 2, 4, … at most 30 s, back to 1 s once one opens. `onOpen` is told of
 * every opening, so the caller can read again what it may have missed meanwhile.
 */
export function openLiveStream(url: string, listeners: Record<string, Listener>, onOpen?: () => void): () => void {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_RETRY_MS;
  let stopped = false;
  const open = () => {
    const current = new EventSource(url);
    source = current;
    for (const [name, listener] of Object.entries(listeners)) {
      current.addEventListener(name, listener as EventListener);
    }
    current.addEventListener('open', () => {
      delay = FIRST_RETRY_MS;
      onOpen?.();
    });
    current.addEventListener('error', () => {
      if (stopped || current.readyState !== CLOSED || source !== current) return;
      retry = setTimeout(open, delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
