import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import {
  QUOTE_STREAM_EVENTS,
  chunkSecurityIds,
  getQuoteStreamUrl,
  parseQuoteEvent,
  parseSnapshotEvent,
  writeQuotesToCache,
} from '../api/stream-quotes';

type Options = {
  /** Set to false to keep the stream closed (e.g. until the security is known). */
  enabled?: boolean;
};

/**
 * Keeps the cached quotes of `securityIds` live: opens the quote stream
 * (one EventSource per 50 ids), writes its snapshot and every `quote` event
 * into the query cache, and closes on unmount or when the ids change.
 * Reconnecting is left to EventSource; each reconnect brings a new snapshot.
 */
export function useLiveQuotes(securityIds: readonly string[], { enabled = true }: Options = {}): void {
  const queryClient = useQueryClient();
  // A stable dependency: the same ids in another array must not reconnect.
  const idsKey = [...new Set(securityIds)].sort().join(',');

  useEffect(() => {
    if (!enabled || idsKey === '' || typeof EventSource === 'undefined') return;

    const sources = chunkSecurityIds(idsKey.split(',')).map((ids) => {
      const source = new EventSource(getQuoteStreamUrl(ids));
      source.addEventListener(QUOTE_STREAM_EVENTS.snapshot, (event: MessageEvent<string>) => {
        const quotes = parseSnapshotEvent(event.data);
        if (quotes) writeQuotesToCache(queryClient, quotes);
      });
      source.addEventListener(QUOTE_STREAM_EVENTS.quote, (event: MessageEvent<string>) => {
        const quote = parseQuoteEvent(event.data);
        if (quote) writeQuotesToCache(queryClient, [quote]);
      });
      return source;
    });

    return () => {
      for (const source of sources) source.close();
    };
  }, [queryClient, idsKey, enabled]);
}
