// Build-time rendering of the pages the gateway serves with their markup in place, so the
// first paint does not wait for JavaScript (scripts/prerender.mjs writes them after the
// client build; src/app/start.tsx hydrates them). Built by `vite build --ssr` and run by Node:
// nothing here reaches the browser.
//
// The app's own tree renders, with react-router's static router and a QueryClient that never
// fetches: every query stays pending, so data parts show their loading state. React's
// `prerender` waits for the lazy route chunks, so each route's own markup is in the page.
//
// The stock page is rendered once for every stock, with SENTINEL_SECURITY_ID as its id; the
// gateway replaces each occurrence with the requested id and the region between the
// STOCK_HEADER markers with the header of that stock (the markup renderStockHeader gives;
// features/securities/components/stock-header.fixtures.* pin it for the gateway's tests).
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/route-table';
import { AppRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import type { SecurityDetail } from '@/features/securities/types';
import { securityKeys } from '@/lib/query-keys';
import { createQueryClient } from '@/lib/react-query';

/** Stands for the security id in the prerendered stock page; shaped like a valid id. */
export const SENTINEL_SECURITY_ID = 'KOREA-SISESECURITYID';

/** Around the stock header in the prerendered stock page. */
export const STOCK_HEADER_START = '<!--sise:stock-header-->';
export const STOCK_HEADER_END = '<!--/sise:stock-header-->';

/** What StockHeader renders while its security is pending (the region the markers enclose). */
export const STOCK_HEADER_PENDING = '<div class="stock-header__status" role="status">불러오는 중…</div>';

/** How the client recognises a prerendered page and the gateway's initial data (app/start.tsx). */
export { INITIAL_DATA_ID, PRERENDERED_PATH_ATTRIBUTE } from '@/app/start';

/** The pages written to `dist/prerender/`: how each renders, and its route modules (for their assets). */
export const PRERENDERED_PAGES = [
  { file: 'home.html', render: () => renderHomePage(), modules: ['src/app/routes/home.tsx'] },
  {
    file: 'stock.html',
    render: () => renderStockPage(),
    modules: ['src/app/routes/stocks/stock-layout.tsx', 'src/app/routes/stocks/overview.tsx'],
  },
];

/** A rendered page: its path, what React hoists to the document head (`<title>`), the app's markup. */
export type RenderedPage = { path: string; head: string; body: string };

// Elements React hoists to the head: rendering without <html>, it writes them first.
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)*/;

/** Markup of the app at `path`: a query of `seed` has data, every other query is pending. */
export async function renderPage(path: string, seed?: SecurityDetail): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  if (seed) queryClient.setQueryData(securityKeys.detail(seed.security.security_id), seed);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={path}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${path} failed`);
  assertNothingFetched(queryClient, path);

  const head = HOISTED.exec(html)?.[0] ?? '';
  const body = html.slice(head.length);
  // A client-rendered (`$!`) or unfinished (`$?`) Suspense boundary would not be the page.
  for (const unwanted of ['<title', '<!--$!-->', '<!--$?-->', '<template']) {
    if (body.includes(unwanted)) throw new Error(`${path}: unexpected ${unwanted} in the rendered markup`);
  }
  return { path, head, body };
}

function assertNothingFetched(queryClient: QueryClient, path: string) {
  const fetching = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.fetchStatus !== 'idle');
  if (fetching.length > 0) {
    const keys = fetching.map((query) => JSON.stringify(query.queryKey)).join(', ');
    throw new Error(`${path}: the prerender must not fetch, but ${keys} started`);
  }
}

/** The home page. */
export function renderHomePage(): Promise<RenderedPage> {
  return renderPage(paths.home.getHref());
}

/** Wraps the pending stock header in the markers; fails unless it is there exactly once. */
export function markStockHeader(body: string): string {
  const at = body.indexOf(STOCK_HEADER_PENDING);
  if (at < 0 || body.includes(STOCK_HEADER_PENDING, at + 1)) {
    throw new Error('the pending stock header is not in the stock page exactly once');
  }
  const end = at + STOCK_HEADER_PENDING.length;
  return `${body.slice(0, at)}${STOCK_HEADER_START}${STOCK_HEADER_PENDING}${STOCK_HEADER_END}${body.slice(end)}`;
}

/** The stock page (개요) of `securityId`, its security pending, the header between the markers. */
export async function renderStockPage(securityId: string = SENTINEL_SECURITY_ID): Promise<RenderedPage> {
  const page = await renderPage(paths.stock.getHref(securityId));
  return { ...page, body: markStockHeader(page.body) };
}

/**
 * The header of the stock page when its security is known: `header` is the markup the gateway
 * puts between the markers (in place of them and the pending markup), `head` the `<title>` it
 * puts in the head. Checks the gateway's recipe: the page rendered with the security seeded is
 * exactly the pending page with the marked region replaced.
 */
export async function renderStockHeader(detail: SecurityDetail): Promise<{ head: string; header: string }> {
  const securityId = detail.security.security_id;
  const pending = await renderStockPage(securityId);
  const full = await renderPage(paths.stock.getHref(securityId), detail);
  const start = pending.body.indexOf(STOCK_HEADER_START);
  const end = pending.body.indexOf(STOCK_HEADER_END) + STOCK_HEADER_END.length;
  const before = pending.body.slice(0, start);
  const after = pending.body.slice(end);
  if (!full.body.startsWith(before) || !full.body.endsWith(after) || full.body.length < before.length + after.length) {
    throw new Error(`${securityId}: with its security known, the stock page differs outside the header`);
  }
  return { head: full.head, header: full.body.slice(before.length, full.body.length - after.length) };
}
