import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { openLiveStream } from '@/lib/live-stream';

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
 * A stream that ends is opened again (`openLiveStream`); each opening brings a new snapshot.
 */
export function useLiveQuotes(securityIds: readonly string[], { enabled = true }: Options = {}): void {
  const queryClient = useQueryClient();
  // A stable dependency: the same ids in another array must not reconnect.
  const idsKey = [...new Set(securityIds)].sort().join(',');

  useEffect(() => {
    if (!enabled || idsKey === '' || typeof EventSource === 'undefined') return;

    const closers = chunkSecurityIds(idsKey.split(',')).map((ids) =>
      openLiveStream(getQuoteStreamUrl(ids), {
        [QUOTE_STREAM_EVENTS.snapshot]: (event) => {
          const quotes = parseSnapshotEvent(event.data);
          if (quotes) writeQuotesToCache(queryClient, quotes);
        },
        [QUOTE_STREAM_EVENTS.quote]: (event) => {
          const quote = parseQuoteEvent(event.data);
          if (quote) writeQuotesToCache(queryClient, [quote]);
        },
      }),
    );

    return () => {
      for (const close of closers) close();
    };
  }, [queryClient, idsKey, enabled]);
}
