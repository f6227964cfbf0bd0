// The recently viewed stocks, kept on the device (the spec's persisted store part) and
// mirrored into a cookie. One store per page: every component reading it through
// useRecentStockIds sees each change at once, and other tabs' changes through the `storage`
// event. Rules in utils/recent-stocks.ts.
//
// - localStorage `sise.recent-stocks.v1`: a JSON array of security ids, newest first. The
//   version is in the key: a new format takes a new key, and a value it cannot read is
//   treated as an empty list, never thrown on.
// - cookie `recent_stocks`: the same list as short codes, comma-joined (`A005930,A000660`),
//   path `/`, SameSite=Lax, 365 days (the spec's cookie lifetime); deleted when the list is
//   empty. Host-only: no Domain attribute, since the host the native apps share it on is not
//   specified. Written as is: the codes are letters and digits only, and browsers and common
//   server parsers accept the commas (RFC 6265's cookie-octet leaves them out).
import { useEffect, useSyncExternalStore } from 'react';

import {
  addRecentStock,
  parseRecentStocks,
  recentStocksCookieValue,
  removeRecentStocks as withoutRecentStocks,
} from '../utils/recent-stocks';

export const RECENT_STOCKS_STORAGE_KEY = 'sise.recent-stocks.v1';
export const RECENT_STOCKS_COOKIE = 'recent_stocks';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const NONE: readonly string[] = [];

// Where localStorage cannot be used (disabled, or full), the list lives in memory for the
// page's lifetime instead.
let memoryRaw: string | null = null;
let storageFailed = false;

function readRaw(): string | null {
  if (!storageFailed) {
    try {
      return window.localStorage.getItem(RECENT_STOCKS_STORAGE_KEY);
    } catch {
      storageFailed = true;
    }
  }
  return memoryRaw;
}

function writeRaw(raw: string): void {
  memoryRaw = raw;
  if (storageFailed) return;
  try {
    window.localStorage.setItem(RECENT_STOCKS_STORAGE_KEY, raw);
  } catch {
    storageFailed = true;
  }
}

function writeCookie(ids: readonly string[]): void {
  const value = recentStocksCookieValue(ids);
  const maxAge = value === '' ? 0 : COOKIE_MAX_AGE_S;
  document.cookie = `${RECENT_STOCKS_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax`;
}

// useSyncExternalStore wants the same array for the same list: parse only when the raw value changed.
let snapshot: { raw: string | null; ids: readonly string[] } = { raw: null, ids: NONE };

function getSnapshot(): readonly string[] {
  const raw = readRaw();
  if (raw !== snapshot.raw) snapshot = { raw, ids: parseRecentStocks(raw) };
  return snapshot.ids;
}

/** On the server and while hydrating: no list (the prerendered markup was made without one). */
function getServerSnapshot(): readonly string[] {
  return NONE;
}

const listeners = new Set<() => void>();

function onStorage(event: StorageEvent): void {
  // key null: another tab cleared the whole storage.
  if (event.key !== RECENT_STOCKS_STORAGE_KEY && event.key !== null) return;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function update(change: (ids: readonly string[]) => readonly string[]): void {
  const current = getSnapshot();
  const next = change(current);
  // The cookie is written even when the list stays the same: a view renews its 365 days.
  writeCookie(next);
  if (next === current) return;
  writeRaw(JSON.stringify(next));
  for (const listener of listeners) listener();
}

/** Puts `securityId` first in the list (ignored unless it has two dash-separated parts). */
export function recordRecentStock(securityId: string): void {
  update((ids) => addRecentStock(ids, securityId));
}

/** Removes the given ids from the list. */
export function removeRecentStocks(securityIds: Iterable<string>): void {
  update((ids) => withoutRecentStocks(ids, securityIds));
}

/** The recently viewed security ids, newest first; empty on the server and while hydrating. */
export function useRecentStockIds(): readonly string[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * Records a view of `securityId` once it is known (undefined until then), after the render:
 * never while rendering, so a prerendered page hydrates as it was rendered.
 */
export function useRecordRecentStock(securityId: string | undefined): void {
  useEffect(() => {
    if (securityId !== undefined) recordRecentStock(securityId);
  }, [securityId]);
}
