// The rules of 최근 검색어 (recent search terms): newest first, a term searched again moves to
// the front, each term once, at most 10. Pure functions over lists of terms;
// hooks/use-recent-searches.ts keeps the list on the device.
import { normalizeKeyword } from './keyword';

/** How many recent terms are kept (and shown). */
export const MAX_RECENT_SEARCHES = 10;

/**
 * Whether `value` is a term as the list keeps it: a normalized (so at most 40 characters),
 * non-blank keyword. Stored entries that are not are dropped when the list is read.
 */
export function isRecentSearch(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && normalizeKeyword(value) === value;
}

/** The list after searching `term`: it moves (or enters) to the front; the oldest drop past 10. */
export function addRecentSearch(terms: readonly string[], term: string): readonly string[] {
  const keyword = normalizeKeyword(term);
  if (keyword === '' || terms[0] === keyword) return terms;
  return [keyword, ...terms.filter((kept) => kept !== keyword)].slice(0, MAX_RECENT_SEARCHES);
}

/** The list without `term`. */
export function removeRecentSearch(terms: readonly string[], term: string): readonly string[] {
  const kept = terms.filter((kept) => kept !== term);
  return kept.length === terms.length ? terms : kept;
}
