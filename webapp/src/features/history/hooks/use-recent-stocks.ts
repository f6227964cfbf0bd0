// The recently viewed stocks, kept on the device (the spec's persisted store part) and
// mirrored into a cookie. One store per page: every component reading it through
// useRecentStockIds sees each change at once, and other tabs' changes through the `storage`
// event. Rules in utils/recent-stocks.ts.
//
// - localStorage `sise.recent-stocks.v1`: a JSON array of security ids, newest first, kept by
//   lib/persisted-list.ts (versioned key, tolerant reading, memory when storage fails).
// - cookie `recent_stocks`: the same list as short codes, comma-joined (`A005930,A000660`),
//   path `/`, SameSite=Lax, 365 days (the spec's cookie lifetime); deleted when the list is
//   empty. Host-only: no Domain attribute, since the host the native apps share it on is not
//   specified. Written as is: the codes are letters and digits only, and browsers and common
//   server parsers accept the commas (RFC 6265's cookie-octet leaves them out).
import { useEffect } from 'react';

import { createPersistedList } from '@/lib/persisted-list';

import {
  MAX_RECENT_STOCKS,
  addRecentStock,
  isRecentStockId,
  recentStocksCookieValue,
  removeRecentStocks as withoutRecentStocks,
} from '../utils/recent-stocks';

export const RECENT_STOCKS_STORAGE_KEY = 'sise.recent-stocks.v1';
export const RECENT_STOCKS_COOKIE = 'recent_stocks';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function writeCookie(ids: readonly string[]): void {
  const value = recentStocksCookieValue(ids);
  const maxAge = value === '' ? 0 : COOKIE_MAX_AGE_S;
  document.cookie = `${RECENT_STOCKS_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax`;
}

const recentStocks = createPersistedList({
  key: RECENT_STOCKS_STORAGE_KEY,
  isItem: isRecentStockId,
  max: MAX_RECENT_STOCKS,
  // The cookie is written even when the list stays the same: a view renews its 365 days.
  afterUpdate: writeCookie,
});

/** Puts `securityId` first in the list (ignored unless it has two dash-separated parts). */
export function recordRecentStock(securityId: string): void {
  recentStocks.update((ids) => addRecentStock(ids, securityId));
}

/** Removes the given ids from the list. */
export function removeRecentStocks(securityIds: Iterable<string>): void {
  recentStocks.update((ids) => withoutRecentStocks(ids, securityIds));
}

/** The recently viewed security ids, newest first; empty on the server and while hydrating. */
export function useRecentStockIds(): readonly string[] {
  return recentStocks.useList();
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
