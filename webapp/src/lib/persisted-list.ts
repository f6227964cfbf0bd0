// A small list of strings kept on the device in localStorage, shared by every component of the
// page through useSyncExternalStore and followed across tabs through the `storage` event.
//
// The recently viewed stocks and 최근 검색어 are both such a list, with the same storage rules;
// what enters them, and in which order, is each feature's own (its `update` changes).
//
// - The key carries the format's version (`sise.recent-stocks.v1`): a new format takes a new
//   key. A stored value is read tolerantly, never thrown on: a JSON array gives its valid items
//   (`isItem`), each once, at most `max`; anything else (unreadable, an older format, another
//   app's value) gives an empty list, which the next change writes over.
// - Where localStorage cannot be used (disabled, or full), the list lives in memory for the
//   page's lifetime instead.
// - On the server and while hydrating the list is empty: a prerendered page is made without one.
import { useSyncExternalStore } from 'react';

export type PersistedListOptions = {
  /** The localStorage key, with the format's version in it. */
  key: string;
  /** Whether a stored entry may be in the list; the others are dropped when reading. */
  isItem: (value: unknown) => value is string;
  /** How many entries are read at most (the first ones). */
  max: number;
  /**
   * Called with the list after every `update`, even one that leaves it as it was (the recently
   * viewed stocks renew their cookie on every view); not for changes made in other tabs.
   */
  afterUpdate?: (list: readonly string[]) => void;
};

export type PersistedList = {
  /** The list now; the same array until it changes. */
  read: () => readonly string[];
  /**
   * Replaces the list with `change(list)`. Returning the same array changes nothing; any other
   * array is stored and every subscriber is told.
   */
  update: (change: (list: readonly string[]) => readonly string[]) => void;
  /** Calls `listener` on every change, from this page or another tab; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** The list, kept up to date; empty on the server and while hydrating. */
  useList: () => readonly string[];
};

const NONE: readonly string[] = [];

/** The list in `raw` (what storage holds): its valid items, each once, at most `max`. */
export function parsePersistedList(
  raw: string | null,
  isItem: (value: unknown) => value is string,
  max: number,
): readonly string[] {
  if (raw === null) return NONE;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return NONE;
  }
  if (!Array.isArray(value)) return NONE;
  return [...new Set(value.filter(isItem))].slice(0, max);
}

/** One list kept under `key`; create it once, at module level, per list. */
export function createPersistedList({ key, isItem, max, afterUpdate }: PersistedListOptions): PersistedList {
  let memoryRaw: string | null = null;
  let storageFailed = false;

  function readRaw(): string | null {
    if (!storageFailed) {
      try {
        return window.localStorage.getItem(key);
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
      window.localStorage.setItem(key, raw);
    } catch {
      storageFailed = true;
    }
  }

  // useSyncExternalStore wants the same array for the same list: parse only when the raw value changed.
  let snapshot: { raw: string | null; list: readonly string[] } = { raw: null, list: NONE };

  function read(): readonly string[] {
    const raw = readRaw();
    if (raw !== snapshot.raw) snapshot = { raw, list: parsePersistedList(raw, isItem, max) };
    return snapshot.list;
  }

  const listeners = new Set<() => void>();

  function onStorage(event: StorageEvent): void {
    // key null: another tab cleared the whole storage.
    if (event.key !== key && event.key !== null) return;
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

  function update(change: (list: readonly string[]) => readonly string[]): void {
    const current = read();
    const next = change(current);
    afterUpdate?.(next);
    if (next === current) return;
    writeRaw(JSON.stringify(next));
    for (const listener of listeners) listener();
  }

  function useList(): readonly string[] {
    return useSyncExternalStore(subscribe, read, serverSnapshot);
  }

  return { read, update, subscribe, useList };
}

function serverSnapshot(): readonly string[] {
  return NONE;
}
