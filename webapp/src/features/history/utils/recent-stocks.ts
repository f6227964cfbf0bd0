// The rules of the recently viewed stocks (spec §4 "Recent viewed stocks", §9): newest first,
// a stock viewed again moves to the front, at most 30, and only ids of two dash-separated parts
// enter. Pure functions over lists of security ids; hooks/use-recent-stocks.ts keeps the list.

/** Spec §9: recent viewed 30. */
export const MAX_RECENT_STOCKS = 30;

// Two non-empty parts joined by one dash (`KOREA-A005930`). Letters and digits only, like
// every id the market service gives: the parts go into a URL and, comma-joined, into a cookie
// value, where a comma, a semicolon or a space of their own would break the list.
const RECENT_STOCK_ID = /^[A-Za-z0-9]+-[A-Za-z0-9]+$/;

/**
 * Whether `value` may enter the list: an asset id of two dash-separated parts. Stored entries
 * that are not are dropped when the list is read (lib/persisted-list.ts).
 */
export function isRecentStockId(value: unknown): value is string {
  return typeof value === 'string' && RECENT_STOCK_ID.test(value);
}

/** The list after viewing `securityId`: it moves (or enters) to the front; the oldest drop past 30. */
export function addRecentStock(ids: readonly string[], securityId: string): readonly string[] {
  if (!isRecentStockId(securityId)) return ids;
  if (ids[0] === securityId) return ids;
  return [securityId, ...ids.filter((id) => id !== securityId)].slice(0, MAX_RECENT_STOCKS);
}

/** The list without `removed` (spec: remove by securityIds). */
export function removeRecentStocks(ids: readonly string[], removed: Iterable<string>): readonly string[] {
  const gone = new Set(removed);
  const kept = ids.filter((id) => !gone.has(id));
  return kept.length === ids.length ? ids : kept;
}

/**
 * The short code of an id: its second part (`KOREA-A005930` → `A005930`). It is the API's
 * `short_code` of an asset or security ("the code part of the id", `A005930`), not its `code`
 * (`005930`): unlike the KRX code it is unique across boards and markets.
 */
export function shortCodeOf(securityId: string): string {
  return securityId.slice(securityId.indexOf('-') + 1);
}

/** The shared cookie's value: the short codes, newest first, joined by commas (`A005930,A000660`). */
export function recentStocksCookieValue(ids: readonly string[]): string {
  return ids.map(shortCodeOf).join(',');
}
