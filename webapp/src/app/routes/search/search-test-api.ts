// A fake of the search API (and the assets API's prices) for the search screens' tests.
import { vi } from 'vitest';

import type { FoundAsset, FoundNews } from '@/features/search/types';
import { createAsset } from '@/testing/data-generators';

type Answer = { status?: number; body: unknown } | 'hang';
export type Handler = (url: URL) => Answer;

export type Recorded = { url: URL; signal: AbortSignal };

/**
 * Stubs `fetch` with handlers by path (host prefix included, e.g. `/main/api/v1/search/assets`).
 * `'hang'` answers only by rejecting when the request is aborted, as fetch does; unknown paths
 * answer 404. Returns every request made, with its signal.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const requests: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      requests.push({ url, signal: request.signal });
      const handler = handlers[url.pathname];
      const answer = handler
        ? handler(url)
        : { status: 404, body: { error: 'not_found', message: '찾을 수 없습니다.' } };
      if (answer === 'hang') {
        return new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return {
    requests,
    /** The URLs asked for at `path`, in order. */
    calls: (path: string) => requests.filter(({ url }) => url.pathname === path).map(({ url }) => url),
  };
}

/** Serves `items` under `key` by `limit`, behind a cursor that is the next start index. */
export function paged(items: readonly unknown[], key: string): Handler {
  return (url) => {
    const limit = Number(url.searchParams.get('limit'));
    const start = Number(url.searchParams.get('cursor') ?? '0');
    const next = start + limit < items.length ? String(start + limit) : null;
    return { body: { [key]: items.slice(start, start + limit), next_cursor: next } };
  };
}

/** Prices of whatever ids are asked for: `GET /mweb/api/v1/assets?ids=…`. */
export const prices: Handler = (url) => {
  const ids = (url.searchParams.get('ids') ?? '').split(',');
  const assets = Object.fromEntries(
    ids.map((id, index) => [
      id,
      createAsset({ asset_id: id, kind: 'STOCK', price: 10_000 + index, change: -100, change_rate: -0.01, change_type: 'FALL' }),
    ]),
  );
  return { body: { assets } };
};

/** `삼성1` (KOREA-A100001), `삼성2`, … on KOSDAQ. */
export function foundStock(n: number): FoundAsset {
  const code = String(100_000 + n);
  return { asset_id: `KOREA-A${code}`, short_code: `A${code}`, name: `삼성${n}`, kind: 'stock', market: 'kosdaq' };
}

export function foundNews(n: number): FoundNews {
  return {
    id: n,
    title: `삼성 뉴스 ${n}`,
    summary: `요약 ${n}`,
    url: `https://news.example.com/${n}`,
    publisher: '시세뉴스',
    published_at: Date.UTC(2026, 4, 8, 1, 0) - n * 60_000,
    security_ids: ['KOREA-A005930'],
  };
}

export const EMPTY_PAGE = (key: string): Handler => () => ({ body: { [key]: [], next_cursor: null } });
