import { describe, expect, it } from 'vitest';

import { createQuote, createSecurity } from '@/testing/data-generators';
import { createTestQueryClient } from '@/testing/test-utils';

import { getQuotesQueryOptions } from './get-quotes';
import { getRelatedStocksQueryOptions } from './get-related-stocks';
import { getSecurityQueryOptions } from './get-security';
import {
  chunkSecurityIds,
  getQuoteStreamUrl,
  parseQuoteEvent,
  parseSnapshotEvent,
  writeQuotesToCache,
} from './stream-quotes';

describe('getQuoteStreamUrl', () => {
  it('builds the stream URL on the main API base', () => {
    expect(getQuoteStreamUrl(['KOREA-A005930', 'KOREA-A000660'])).toBe(
      '/main/api/v1/quotes/stream?security_ids=KOREA-A005930,KOREA-A000660',
    );
    expect(getQuoteStreamUrl(['KOREA-A005930'], 'https://main.example')).toBe(
      'https://main.example/api/v1/quotes/stream?security_ids=KOREA-A005930',
    );
  });
});

describe('chunkSecurityIds', () => {
  it('drops duplicates and splits into groups of 50', () => {
    const ids = Array.from({ length: 120 }, (_, i) => `KOREA-A${String(i).padStart(6, '0')}`);
    const chunks = chunkSecurityIds([...ids, ids[0] ?? '', '']);
    expect(chunks.map((chunk) => chunk.length)).toEqual([50, 50, 20]);
    expect(chunks.flat()).toEqual(ids);
  });
});

describe('parsing stream events', () => {
  it('parses a snapshot', () => {
    const quote = createQuote();
    expect(parseSnapshotEvent(JSON.stringify({ quotes: [quote] }))).toEqual([quote]);
  });

  it('parses a quote', () => {
    const quote = createQuote();
    expect(parseQuoteEvent(JSON.stringify(quote))).toEqual(quote);
  });

  it('ignores malformed data', () => {
    expect(parseSnapshotEvent('not json')).toBeNull();
    expect(parseSnapshotEvent('{"items":[]}')).toBeNull();
    expect(parseQuoteEvent('{"price":1}')).toBeNull();
    expect(parseQuoteEvent('')).toBeNull();
  });
});

describe('writeQuotesToCache', () => {
  const samsung = 'KOREA-A005930';
  const hynix = 'KOREA-A000660';

  function seededClient() {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getSecurityQueryOptions(samsung).queryKey, {
      security: createSecurity(),
      quote: createQuote({ price: 70_000, traded_at: 1_000 }),
    });
    queryClient.setQueryData(getQuotesQueryOptions([samsung, hynix]).queryKey, {
      quotes: [
        createQuote({ price: 70_000, traded_at: 1_000 }),
        createQuote({ security_id: hynix, price: 180_000, traded_at: 1_000 }),
      ],
    });
    return queryClient;
  }

  it('updates the security detail and every list holding the quote', () => {
    const queryClient = seededClient();
    const listBefore = queryClient.getQueryData(getQuotesQueryOptions([samsung, hynix]).queryKey);

    writeQuotesToCache(queryClient, [createQuote({ price: 71_000, traded_at: 2_000 })]);

    const detail = queryClient.getQueryData(getSecurityQueryOptions(samsung).queryKey);
    expect(detail?.quote.price).toBe(71_000);
    expect(detail?.security.name).toBe('삼성전자');

    const list = queryClient.getQueryData(getQuotesQueryOptions([samsung, hynix]).queryKey);
    expect(list?.quotes.map((q) => q.price)).toEqual([71_000, 180_000]);
    // The other quote keeps its identity, so its row does not re-render.
    expect(list?.quotes[1]).toBe(listBefore?.quotes[1]);
  });

  it('updates related-stock lists', () => {
    const queryClient = seededClient();
    const key = getRelatedStocksQueryOptions('KOREA-A000660').queryKey;
    queryClient.setQueryData(key, {
      related_stocks: [{ security: createSecurity(), quote: createQuote({ price: 70_000, traded_at: 1_000 }) }],
    });
    writeQuotesToCache(queryClient, [createQuote({ price: 73_000, traded_at: 2_000 })]);
    expect(queryClient.getQueryData(key)?.related_stocks[0]?.quote.price).toBe(73_000);
  });

  it('applies a whole snapshot', () => {
    const queryClient = seededClient();
    writeQuotesToCache(queryClient, [
      createQuote({ price: 72_000, traded_at: 3_000 }),
      createQuote({ security_id: hynix, price: 185_000, traded_at: 3_000 }),
    ]);
    const list = queryClient.getQueryData(getQuotesQueryOptions([samsung, hynix]).queryKey);
    expect(list?.quotes.map((q) => q.price)).toEqual([72_000, 185_000]);
  });

  it('keeps a quote from a later trade', () => {
    const queryClient = seededClient();
    writeQuotesToCache(queryClient, [createQuote({ price: 69_000, traded_at: 500 })]);
    expect(queryClient.getQueryData(getSecurityQueryOptions(samsung).queryKey)?.quote.price).toBe(70_000);
  });

  it('does not create queries that were never fetched', () => {
    const queryClient = createTestQueryClient();
    writeQuotesToCache(queryClient, [createQuote()]);
    expect(queryClient.getQueryData(getSecurityQueryOptions(samsung).queryKey)).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
