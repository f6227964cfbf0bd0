// GET /api/v1/quotes/stream?security_ids=…: live quotes as Server-Sent Events.
//
// The server first sends an event `snapshot` (data: QuoteList JSON), then an
// event `quote` (data: one Quote JSON) for every change, plus comment
// heartbeats. EventSource reconnects by itself; every reconnect starts with a
// fresh snapshot. Quotes are written into the query cache, so components only
// ever read queries.
import type { QueryClient } from '@tanstack/react-query';

import { MAX_STREAM_SECURITY_IDS } from '@/config/constants';
import { env } from '@/config/env';
import type { paths } from '@/lib/api';
import { everyRelatedStockList } from '@/lib/query-keys';

import type { Quote, QuoteList, RelatedStockList } from '../types';

import { getSecurityQueryOptions } from './get-security';
import { quoteKeys } from './query-keys';

const STREAM_PATH = '/api/v1/quotes/stream' satisfies keyof paths;

export const QUOTE_STREAM_EVENTS = {
  snapshot: 'snapshot',
  quote: 'quote',
} as const;

/** URL of the quote stream, on the same host and base as the typed `mainApi` client. */
export function getQuoteStreamUrl(securityIds: readonly string[], base: string = env.MAIN_API_BASE): string {
  const ids = securityIds.map((id) => encodeURIComponent(id)).join(',');
  return `${base}${STREAM_PATH}?security_ids=${ids}`;
}

/** Distinct ids split into groups the stream accepts (at most 50 per connection). */
export function chunkSecurityIds(
  securityIds: readonly string[],
  size: number = MAX_STREAM_SECURITY_IDS,
): string[][] {
  const unique = [...new Set(securityIds)].filter((id) => id !== '');
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += size) chunks.push(unique.slice(i, i + size));
  return chunks;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isQuote(value: unknown): value is Quote {
  return (
    isObject(value) &&
    typeof value.security_id === 'string' &&
    typeof value.price === 'number' &&
    typeof value.traded_at === 'number'
  );
}

/** Parses a `snapshot` event's data; `null` if it is not a QuoteList. */
export function parseSnapshotEvent(data: string): Quote[] | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (!isObject(parsed) || !Array.isArray(parsed.quotes)) return null;
    return (parsed as QuoteList).quotes.filter(isQuote);
  } catch {
    return null;
  }
}

/** Parses a `quote` event's data; `null` if it is not a Quote. */
export function parseQuoteEvent(data: string): Quote | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return isQuote(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A quote replaces a cached one unless the cached one is from a later trade. */
function supersedes(next: Quote, current: Quote | undefined): boolean {
  return current === undefined || next.traded_at >= current.traded_at;
}

/**
 * Writes quotes into every cached query that holds them: the security detail
 * of each id, every quote list and every related-stock list that contains it. Queries that are not in
 * the cache yet are left alone (their own fetch brings fresh data).
 */
export function writeQuotesToCache(queryClient: QueryClient, quotes: readonly Quote[]): void {
  if (quotes.length === 0) return;
  const latest = new Map<string, Quote>();
  for (const quote of quotes) {
    if (supersedes(quote, latest.get(quote.security_id))) latest.set(quote.security_id, quote);
  }

  for (const quote of latest.values()) {
    queryClient.setQueryData(getSecurityQueryOptions(quote.security_id).queryKey, (detail) =>
      detail && supersedes(quote, detail.quote) ? { ...detail, quote } : detail,
    );
  }

  queryClient.setQueriesData<QuoteList>({ queryKey: quoteKeys.lists() }, (list) => {
    if (!list) return list;
    let changed = false;
    const next = list.quotes.map((current) => {
      const quote = latest.get(current.security_id);
      if (!quote || quote === current || !supersedes(quote, current)) return current;
      changed = true;
      return quote;
    });
    return changed ? { ...list, quotes: next } : list;
  });

  queryClient.setQueriesData<RelatedStockList>(everyRelatedStockList, (list) => {
    if (!list) return list;
    let changed = false;
    const next = list.related_stocks.map((stock) => {
      const quote = latest.get(stock.security.security_id);
      if (!quote || quote === stock.quote || !supersedes(quote, stock.quote)) return stock;
      changed = true;
      return { ...stock, quote };
    });
    return changed ? { ...list, related_stocks: next } : list;
  });
}
