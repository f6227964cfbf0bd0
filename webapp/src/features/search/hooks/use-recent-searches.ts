// 최근 검색어, kept on the device (the spec's persisted store part). One store per page:
// every component reading it through useRecentSearches sees each change at once, and other
// tabs' changes through the `storage` event. Rules in utils/recent-searches.ts.
//
// localStorage `sise.recent-searches.v1`: a JSON array of terms, newest first, kept by
// lib/persisted-list.ts (versioned key, tolerant reading, memory when storage fails).
import { createPersistedList } from '@/lib/persisted-list';

import {
  MAX_RECENT_SEARCHES,
  addRecentSearch,
  isRecentSearch,
  removeRecentSearch as without,
} from '../utils/recent-searches';

export const RECENT_SEARCHES_STORAGE_KEY = 'sise.recent-searches.v1';

const recentSearches = createPersistedList({
  key: RECENT_SEARCHES_STORAGE_KEY,
  isItem: isRecentSearch,
  max: MAX_RECENT_SEARCHES,
});

/** Puts `term` (normalized) first in the list; a blank term is ignored. */
export function recordRecentSearch(term: string): void {
  recentSearches.update((terms) => addRecentSearch(terms, term));
}

/** Removes one term (its ✕ button). */
export function removeRecentSearch(term: string): void {
  recentSearches.update((terms) => without(terms, term));
}

/** Empties the list (전체 삭제). */
export function clearRecentSearches(): void {
  recentSearches.update((terms) => (terms.length === 0 ? terms : []));
}

/** The recent search terms, newest first; empty on the server and while hydrating. */
export function useRecentSearches(): readonly string[] {
  return recentSearches.useList();
}
