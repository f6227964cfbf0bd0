import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FOREX_REFRESH_MS } from '@/config/constants';
import { createTestQueryClient } from '@/testing/test-utils';

import { useMajorForexRefresh } from './use-major-forex-refresh';

const MAJOR_IDS = ['FOREX-USDKRW', 'FOREX-EURKRW', 'FOREX-JPYKRW', 'FOREX-CNYKRW'];

function stubForexApi() {
  const tickUrls: string[] = [];
  let rate = 1_380;
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    let body: unknown;
    if (url.pathname === '/mweb/api/v1/forexes/major_ids') body = { ids: MAJOR_IDS };
    else if (url.pathname === '/mweb/api/v1/forexes/tick') {
      tickUrls.push(`${url.pathname}${url.search}`);
      rate += 1;
      body = {
        tick_forexes: [
          {
            asset_id: 'FOREX-USDKRW',
            base_rate: rate,
            change: rate - 1_375,
            change_rate: (rate - 1_375) / 1_375,
            change_type: 'RISE',
            traded_at: rate,
          },
        ],
      };
    } else return Promise.resolve(new Response('{}', { status: 404 }));
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { tickUrls };
}

/**
 * Waits until `check` passes, letting responses arrive (they resolve in real
 * time) and advancing fake timers a little so the query cache notifies React.
 */
async function until(check: () => void) {
  await act(() => vi.waitFor(check, { timeout: 2_000, interval: 1 }));
}

function ForexPage() {
  const { ticks } = useMajorForexRefresh();
  return <output data-testid="rates">{ticks.map((tick) => tick.base_rate).join(',')}</output>;
}

/** The rates the page shows. */
const shownRates = () => screen.getByTestId('rates').textContent;

describe('useMajorForexRefresh', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls the major forex ticks while mounted and stops on unmount', async () => {
    vi.useFakeTimers();
    const { tickUrls } = stubForexApi();
    const queryClient = createTestQueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <ForexPage />
      </QueryClientProvider>,
    );

    // On entry: the major ids, then the first tick request for exactly those ids.
    await until(() => expect(shownRates()).toBe('1381'));
    expect(tickUrls).toEqual([`/mweb/api/v1/forexes/tick?asset_ids=${MAJOR_IDS.join('%2C')}`]);

    // Every FOREX_REFRESH_MS while the page stays open.
    await act(() => vi.advanceTimersByTimeAsync(FOREX_REFRESH_MS));
    await until(() => expect(shownRates()).toBe('1382'));
    await act(() => vi.advanceTimersByTimeAsync(FOREX_REFRESH_MS));
    await until(() => expect(shownRates()).toBe('1383'));
    expect(tickUrls).toHaveLength(3);

    // Leaving the page stops the refresh.
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(FOREX_REFRESH_MS * 10));
    expect(tickUrls).toHaveLength(3);
  });

  it('starts again on the next entry', async () => {
    vi.useFakeTimers();
    const { tickUrls } = stubForexApi();
    const queryClient = createTestQueryClient();
    const renderPage = () =>
      render(
        <QueryClientProvider client={queryClient}>
          <ForexPage />
        </QueryClientProvider>,
      );
    const first = renderPage();
    await until(() => expect(shownRates()).toBe('1381'));
    expect(tickUrls).toHaveLength(1);
    first.unmount();
    await act(() => vi.advanceTimersByTimeAsync(FOREX_REFRESH_MS * 3));
    expect(tickUrls).toHaveLength(1);

    // Entering again refreshes at once (the last rates are stale by now) and keeps polling.
    const second = renderPage();
    await until(() => expect(shownRates()).toBe('1382'));
    await act(() => vi.advanceTimersByTimeAsync(FOREX_REFRESH_MS));
    await until(() => expect(shownRates()).toBe('1383'));
    second.unmount();
    await act(() => vi.advanceTimersByTimeAsync(FOREX_REFRESH_MS * 3));
    expect(tickUrls).toHaveLength(3);
  });
});
