// 최근 검색어, kept on the device (the spec's persisted store part). One store per page:
// every component reading it through useRecentSearches sees each change at once, and other
// tabs' changes through the `storage` event. Rules in utils/recent-searches.ts.
//
// localStorage `sise.recent-searches.v1`: a JSON array of terms, newest first. The version is
// in the key: a new format takes a new key, and a value it cannot read is treated as an empty
// list, never thrown on. Where storage cannot be used (disabled, full), the list lives in
// memory for the page's lifetime.
import { useSyncExternalStore } from 'react';

import { addRecentSearch, parseRecentSearches, removeRecentSearch as without } from '../utils/recent-searches';

export const RECENT_SEARCHES_STORAGE_KEY = 'sise.recent-searches.v1';

const NONE: readonly string[] = [];

let memoryRaw: string | null = null;
let storageFailed = false;

function readRaw(): string | null {
  if (!storageFailed) {
    try {
      return window.localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY);
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
    window.localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, raw);
  } catch {
    storageFailed = true;
  }
}

// useSyncExternalStore wants the same array for the same list: parse only when the raw value changed.
let snapshot: { raw: string | null; terms: readonly string[] } = { raw: null, terms: NONE };

function getSnapshot(): readonly string[] {
  const raw = readRaw();
  if (raw !== snapshot.raw) snapshot = { raw, terms: parseRecentSearches(raw) };
  return snapshot.terms;
}

/** On the server and while hydrating: no list (a prerendered page is made without one). */
function getServerSnapshot(): readonly string[] {
  return NONE;
}

const listeners = new Set<() => void>();

function onStorage(event: StorageEvent): void {
  // key null: another tab cleared the whole storage.
  if (event.key !== RECENT_SEARCHES_STORAGE_KEY && event.key !== null) return;
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

function update(change: (terms: readonly string[]) => readonly string[]): void {
  const current = getSnapshot();
  const next = change(current);
  if (next === current) return;
  writeRaw(JSON.stringify(next));
  for (const listener of listeners) listener();
}

/** Puts `term` (normalized) first in the list; a blank term is ignored. */
export function recordRecentSearch(term: string): void {
  update((terms) => addRecentSearch(terms, term));
}

/** Removes one term (its ✕ button). */
export function removeRecentSearch(term: string): void {
  update((terms) => without(terms, term));
}

/** Empties the list (전체 삭제). */
export function clearRecentSearches(): void {
  update((terms) => (terms.length === 0 ? terms : NONE));
}

/** The recent search terms, newest first; empty on the server and while hydrating. */
export function useRecentSearches(): readonly string[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
