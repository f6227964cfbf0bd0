// The client hydrates what the build prerendered, as the gateway serves it, with no mismatch:
// React's development build reports every difference (text, attributes, missing or extra
// nodes) through console.error or onRecoverableError, and a mismatch would replace the
// prerendered nodes where these tests check they stay.
//
// The markup comes from files the Node tests keep up to date (pages.test.ts,
// stock-header-fixtures.test.ts): React's server renderer leaves its marks on the context
// objects it rendered, so it cannot run in the same module graph as the client's.
import { waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { INITIAL_DATA_ID, PRERENDERED_PATH_ATTRIBUTE, startApp } from '@/app/start';
import { RECENT_STOCKS_STORAGE_KEY } from '@/features/history/hooks/use-recent-stocks';
import fixturesHtml from '@/features/securities/components/stock-header.fixtures.html?raw';
import fixturesJson from '@/features/securities/components/stock-header.fixtures.json?raw';
import type { SecurityDetail } from '@/features/securities/types';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { stubFetch } from '@/testing/test-utils';

import homeBody from './__snapshots__/home.html?raw';
import stockBody from './__snapshots__/stock.html?raw';
import { SENTINEL_SECURITY_ID, STOCK_HEADER_END, STOCK_HEADER_START } from './entry';

// 삼성전자 at its upper limit: the header with the most parts (the badge).
const FIXTURE = 2;
const DETAIL = (JSON.parse(fixturesJson) as SecurityDetail[])[FIXTURE]!;
const HEADER = fixturesHtml.split('\n')[FIXTURE]!;
const ID = DETAIL.security.security_id;

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** Lays out the document as the gateway serves the page, at `path`. */
function loadPage({ path, head, body }: { path: string; head: string; body: string }, historyState: unknown = null) {
  document.head.innerHTML = head;
  document.body.innerHTML = `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${path}">${body.trimEnd()}</div>`;
  window.history.replaceState(historyState, '', path);
  return document.getElementById('root')!;
}

const homePage = () => ({ path: '/m', head: '<title>시세</title>', body: homeBody });

/** The stock page as the gateway fills it: the id, then with data the header, title and initial data. */
function gatewayStockPage(withData: boolean) {
  let body = stockBody.replaceAll(SENTINEL_SECURITY_ID, ID);
  let head = '<title>시세</title>';
  if (withData) {
    const start = body.indexOf(STOCK_HEADER_START);
    const end = body.indexOf(STOCK_HEADER_END) + STOCK_HEADER_END.length;
    body = `${body.slice(0, start)}${HEADER}${body.slice(end)}`;
    const data = JSON.stringify({ security_id: ID, security: DETAIL, fetched_at: Date.now() });
    head =
      `<title>${DETAIL.security.name} ${DETAIL.security.code} : 시세</title>` +
      `<script type="application/json" id="${INITIAL_DATA_ID}">${data.replaceAll('<', '\\u003c')}</script>`;
  }
  return { path: `/m/stocks/${ID}`, head, body };
}

async function hydrate(rootElement: HTMLElement) {
  const consoleError = vi.spyOn(console, 'error');
  const onRecoverableError = vi.fn();
  const started = await startApp(rootElement, { rootOptions: { onRecoverableError } });
  root = started.root;
  return { ...started, consoleError, onRecoverableError };
}

describe('hydrating prerendered pages', () => {
  it('hydrates the home page: its nodes stay, its data load', async () => {
    installIntersectionObserver();
    const fetchMock = stubFetch({});
    const rootElement = loadPage(homePage());
    const popular = rootElement.querySelector('[data-testid="popular-stocks"]');
    expect(popular).not.toBeNull();
    const notice = rootElement.querySelector('.sample-data-notice');

    const { hydrated, consoleError, onRecoverableError } = await hydrate(rootElement);

    expect(hydrated).toBe(true);
    // Hydrated once the home chunk is in and its queries have started (and failed: 404s here).
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(popular?.querySelector('.load-error')).not.toBeNull());
    expect(rootElement.querySelector('[data-testid="popular-stocks"]')).toBe(popular);
    expect(rootElement.querySelector('.sample-data-notice')).toBe(notice);
    expect(consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(document.querySelectorAll('title')).toHaveLength(1);
  });

  it('hydrates the home page with recently viewed stocks stored, then shows them last', async () => {
    installIntersectionObserver();
    stubFetch({});
    localStorage.setItem(RECENT_STOCKS_STORAGE_KEY, JSON.stringify(['KOREA-A000660', 'KOREA-A005930']));
    const rootElement = loadPage(homePage());
    const popular = rootElement.querySelector('[data-testid="popular-stocks"]');

    const { hydrated, consoleError, onRecoverableError } = await hydrate(rootElement);

    expect(hydrated).toBe(true);
    // Not in the prerendered markup: it comes once hydrated, after everything else on the page.
    await waitFor(() => expect(rootElement.querySelector('[data-testid="recently-viewed"]')).not.toBeNull());
    const strip = rootElement.querySelector('[data-testid="recently-viewed"]')!;
    expect(strip.parentElement?.lastElementChild).toBe(strip);
    expect(strip.querySelector('.recent-strip__item')?.getAttribute('href')).toBe('/m/stocks/KOREA-A000660');
    expect(rootElement.querySelector('[data-testid="popular-stocks"]')).toBe(popular);
    expect(consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('hydrates the home page reloaded on a later history entry (then shows the back button)', async () => {
    installIntersectionObserver();
    stubFetch({});
    const rootElement = loadPage(homePage(), { usr: null, key: 'k1', idx: 1 });

    const { consoleError, onRecoverableError } = await hydrate(rootElement);

    await waitFor(() => expect(rootElement.querySelector('.app-header__back')).not.toBeNull());
    expect(consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('hydrates the stock page with the header the gateway filled in, without asking for the security', async () => {
    installIntersectionObserver();
    const fetchMock = stubFetch({});
    const rootElement = loadPage(gatewayStockPage(true));
    const header = rootElement.querySelector('.price-header');
    expect(header).not.toBeNull();

    const { hydrated, queryClient, consoleError, onRecoverableError } = await hydrate(rootElement);

    expect(hydrated).toBe(true);
    expect(queryClient.getQueryData(['securities', ID])).toEqual(DETAIL);
    // Once hydrated, the overview's queries start and the key figures show the seeded quote.
    await waitFor(() => expect(rootElement.querySelector('[data-testid="figure-previous-close"]')).not.toBeNull());
    expect(rootElement.querySelector('.price-header')).toBe(header);
    expect(document.title).toBe('삼성전자 005930 : 시세');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    const requested = fetchMock.mock.calls.map(
      ([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname,
    );
    expect(requested).not.toContain(`/main/api/v1/securities/${ID}`);
    expect(requested.some((path) => path.includes('/day_candles'))).toBe(true);
    // The view is recorded in 최근 본 종목 once hydrated.
    expect(JSON.parse(localStorage.getItem(RECENT_STOCKS_STORAGE_KEY) ?? 'null')).toEqual([ID]);
    expect(consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('hydrates the stock page the gateway had no data for, then asks for the security', async () => {
    installIntersectionObserver();
    const fetchMock = stubFetch({ [`/main/api/v1/securities/${ID}`]: { status: 200, body: DETAIL } });
    const rootElement = loadPage(gatewayStockPage(false));

    const { consoleError, onRecoverableError } = await hydrate(rootElement);

    await waitFor(() => expect(rootElement.querySelector('.price-header')).not.toBeNull());
    expect(fetchMock).toHaveBeenCalled();
    expect(document.title).toBe('삼성전자 005930 : 시세');
    expect(consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('renders from scratch when the address is not the one prerendered', async () => {
    installIntersectionObserver();
    stubFetch({});
    const page = gatewayStockPage(true);
    const rootElement = loadPage(page);
    window.history.replaceState(null, '', `${page.path}?chart=1y`);

    const { hydrated, consoleError } = await hydrate(rootElement);

    expect(hydrated).toBe(false);
    await waitFor(() =>
      expect(rootElement.querySelector('.chart-periods__item--active')?.textContent).toBe('1년'),
    );
    expect(rootElement.querySelector('.price-header')).not.toBeNull();
    expect(consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
  });
});
