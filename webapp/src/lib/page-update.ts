// The page-update flag (spec §4): whether a newer release of the webapp is being served than the
// one this page runs. The build names each release in index.html (`<meta name="sise-release">`,
// a digest of every built file's name: vite.config.ts); the page reads its own at start and,
// now and then, the served index.html's (revalidated: the gateway answers 304 while it is the
// same). A new release shows after a gateway restart, and the old one's chunks are gone then, so
// the flag also makes the next location change a whole page load (components/layouts/
// page-states.tsx), which resets it.
import { useSyncExternalStore } from 'react';

export const RELEASE_META = 'sise-release';
/** What the gateway serves for every page address: index.html with its meta tags. */
export const RELEASE_SOURCE = '/m/index.html';
/** Checks at most this often (ours: spec §9 names none). */
export const RELEASE_CHECK_INTERVAL_MS = 5 * 60_000;

/** The release named by an HTML text (index.html), or null. */
export function releaseOf(html: string): string | null {
  return pageRelease(new DOMParser().parseFromString(html, 'text/html'));
}

/** This page's release: index.html's as this page was served, or null (a development page). */
export function pageRelease(doc: Document | undefined = globalThis.document): string | null {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${RELEASE_META}"]`)?.content.trim();
  return content === undefined || content === '' ? null : content;
}

let updated = false;
let lastCheck = Date.now();
const listeners = new Set<() => void>();

function setUpdated(value: boolean): void {
  if (updated === value) return;
  updated = value;
  for (const listener of listeners) listener();
}

export function isPageUpdated(): boolean {
  return updated;
}

/** Clears the flag (a location change; tests). */
export function resetPageUpdated(): void {
  setUpdated(false);
}

/**
 * Asks for the served release when the last check is `RELEASE_CHECK_INTERVAL_MS` old (or
 * `force`), and raises the flag when it differs from this page's. Resolves with the flag.
 * Failures (offline, the gateway restarting) leave it as it was.
 */
export async function checkForRelease({ now = Date.now(), force = false } = {}): Promise<boolean> {
  const own = pageRelease();
  if (!own || updated || (!force && now - lastCheck < RELEASE_CHECK_INTERVAL_MS)) return updated;
  lastCheck = now;
  try {
    const response = await globalThis.fetch(RELEASE_SOURCE, { cache: 'no-cache', credentials: 'same-origin' });
    const served = response.ok ? releaseOf(await response.text()) : null;
    if (served && served !== own) setUpdated(true);
  } catch {
    // Not now: the next check asks again.
  }
  return updated;
}

export function usePageUpdated(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isPageUpdated,
    () => false,
  );
}
