// The navigation history of spec §2: a flow remembers the location it starts from, counts how far
// the reader has gone since (the distance: pushes add one, replaces none, back and forward move it
// with the history), and its end goes back by that distance when the history is long enough,
// otherwise to a fallback location (or one plain step back).
//
// The distance is read from the router's own position in the history (react-router keeps an
// index, `idx`, in each entry's state), so every way of moving counts: links, the browser's back
// and forward, a reload of an entry. The remembered location lives in sessionStorage beside the
// history it belongs to (the tab's); useTrackNavigation (the root layout) forgets it once the
// reader has gone back before it or the history no longer holds it there.
//
// Used by the new-post form (the board remembered by its write buttons): once posted, the reader
// is back on the board it came from, not on a second copy of it.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

type Remembered = { href: string; idx: number; key: string };

export const NAVIGATION_STORAGE_KEY = 'sise.navigation.v1';

function entry(): { idx: number; key: string } | null {
  if (typeof window === 'undefined') return null;
  const state = window.history.state as { idx?: unknown; key?: unknown } | null;
  return typeof state?.idx === 'number' && typeof state.key === 'string' ? { idx: state.idx, key: state.key } : null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(): Remembered | null {
  try {
    const value = JSON.parse(storage()?.getItem(NAVIGATION_STORAGE_KEY) ?? 'null') as Partial<Remembered> | null;
    return typeof value?.href === 'string' && typeof value.idx === 'number' && typeof value.key === 'string'
      ? (value as Remembered)
      : null;
  } catch {
    return null;
  }
}

/** Forgets the remembered location. */
export function forgetLocation(): void {
  try {
    storage()?.removeItem(NAVIGATION_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/** Remembers where the reader is now: the start of a flow, which its end goes back to. */
export function rememberLocation(): void {
  const here = entry();
  if (!here) return;
  const { pathname, search, hash } = window.location;
  try {
    storage()?.setItem(NAVIGATION_STORAGE_KEY, JSON.stringify({ href: pathname + search + hash, ...here }));
  } catch {
    // Storage full or disabled: the flow's end takes its fallback.
  }
}

/** The remembered location and how many entries the reader is past it (0: on it), or null. */
export function navigationDistance(): { href: string; distance: number } | null {
  const remembered = read();
  const here = entry();
  if (!remembered || !here) return null;
  const distance = here.idx - remembered.idx;
  return distance >= 0 ? { href: remembered.href, distance } : null;
}

/** What going back does (exported for its tests). */
export type BackStep = { go: number } | { replace: string };

/**
 * Back by the distance when the history is long enough to hold it (the remembered entry is still
 * there), else to `fallback` in place of this entry, else one step back.
 */
export function backStep(distance: number | null, historyLength: number, fallback?: string): BackStep {
  if (distance !== null && distance > 0 && historyLength > distance) return { go: -distance };
  if (fallback !== undefined) return { replace: fallback };
  return { go: -1 };
}

/** The end of a flow: back to where it started (see backStep). */
export function useGoBack(): (fallback?: string) => void {
  const navigate = useNavigate();
  return (fallback) => {
    const step = backStep(navigationDistance()?.distance ?? null, window.history.length, fallback);
    forgetLocation();
    if ('go' in step) void navigate(step.go);
    else void navigate(step.replace, { replace: true });
  };
}

/**
 * Forgets the remembered location once it is gone from where it was: the reader went back
 * before it, or its place in the history now holds another entry (replaced, or a new branch).
 */
export function useTrackNavigation(): void {
  const { key } = useLocation();
  useEffect(() => {
    const remembered = read();
    const here = entry();
    if (!remembered || !here) return;
    if (here.idx < remembered.idx || (here.idx === remembered.idx && here.key !== remembered.key)) forgetLocation();
  }, [key]);
}
