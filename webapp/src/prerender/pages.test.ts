// @vitest-environment node
// What the build prerenders (in Node, like the build): the markup of each page is kept in
// __snapshots__/, where hydration.test.tsx hydrates it in a browser-like document (React's
// server and client renderers cannot share one module graph in one test). A change of the
// markup fails here first: review it, then `UPDATE_FIXTURES=1 npm test` (or `npx vitest run -u`).
import { describe, expect, it } from 'vitest';

import {
  SENTINEL_SECURITY_ID,
  STOCK_HEADER_END,
  STOCK_HEADER_PENDING,
  STOCK_HEADER_START,
  markStockHeader,
  renderHomePage,
  renderStockPage,
} from './entry';

describe('prerendered pages', () => {
  it('renders the home page with its data loading', async () => {
    const page = await renderHomePage();
    expect(page.path).toBe('/m');
    expect(page.head).toBe('<title>시세</title>');
    // Every data part in its loading state, as tall as what replaces it; no stock is fixed in the page.
    expect(page.body).toContain('<h2 class="section__title">인기 종목</h2>');
    expect(page.body).toContain('data-testid="special-stock-counts"');
    expect(page.body).toContain('data-testid="top-sectors"');
    expect(page.body).toContain('aria-busy="true"');
    expect(page.body).not.toContain('/m/stocks/');
    await expect(`${page.body}\n`).toMatchFileSnapshot('./__snapshots__/home.html');
  });

  it('renders the stock page for the sentinel id, the pending header between the markers', async () => {
    const page = await renderStockPage();
    expect(page.path).toBe(`/m/stocks/${SENTINEL_SECURITY_ID}`);
    // The pending header renders no <title>: index.html's stays.
    expect(page.head).toBe('');
    expect(page.body).toContain(`${STOCK_HEADER_START}${STOCK_HEADER_PENDING}${STOCK_HEADER_END}`);
    // The overview's own markup, not only a Suspense fallback.
    expect(page.body).toContain('data-testid="stock-overview"');
    expect(page.body).toContain(`href="/m/stocks/${SENTINEL_SECURITY_ID}/analysis"`);
    await expect(`${page.body}\n`).toMatchFileSnapshot('./__snapshots__/stock.html');
  });

  it('marks the pending header only when it is there exactly once', () => {
    expect(markStockHeader(`<p></p>${STOCK_HEADER_PENDING}<nav></nav>`)).toBe(
      `<p></p>${STOCK_HEADER_START}${STOCK_HEADER_PENDING}${STOCK_HEADER_END}<nav></nav>`,
    );
    expect(() => markStockHeader('<p></p>')).toThrow();
    expect(() => markStockHeader(STOCK_HEADER_PENDING.repeat(2))).toThrow();
  });
});
