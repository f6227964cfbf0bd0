import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from '@/app/route-table';
import { createTrendStock } from '@/testing/data-generators';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { createTestQueryClient } from '@/testing/test-utils';

import { TREND_API, trendApi } from './trend-test-api';

function renderTrend(path: string) {
  installIntersectionObserver();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const trendTabs = () =>
  within(screen.getByRole('navigation', { name: '트렌드 메뉴' }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('aria-current') === 'page']);

const rowNames = (list: HTMLElement) =>
  Array.from(list.querySelectorAll('.trend-stocks__title')).map((name) => name.textContent);

describe('trend pages', () => {
  it('redirects 트렌드 to 국내, replacing the entry', async () => {
    trendApi();
    const { router } = renderTrend('/m/trend');
    expect(await screen.findByTestId('trend-domestic')).toBeDefined();
    expect(router.state.location.pathname).toBe('/m/trend/domestic');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(trendTabs()).toEqual([
      ['국내', true],
      ['해외', false],
      ['환율', false],
      ['코스피', false],
      ['코스닥', false],
      ['거래대금', false],
      ['시가총액', false],
      ['업종', false],
    ]);
    expect(document.title).toBe('국내 트렌드 : 시세');
    expect(screen.getByTestId('sample-data-notice')).toBeDefined();
  });

  it('shows the fallback page for an unknown trend page', async () => {
    trendApi();
    renderTrend('/m/trend/nope');
    expect(await screen.findByText('페이지를 찾을 수 없습니다.')).toBeDefined();
    expect(screen.queryByRole('navigation', { name: '트렌드 메뉴' })).toBeNull();
  });

  it('accepts a format suffix', async () => {
    trendApi();
    const { router } = renderTrend('/m/trend/collection_a.json');
    expect(await screen.findByTestId('trend-collection-a')).toBeDefined();
    expect(router.state.location.pathname).toBe('/m/trend/collection_a');
  });

  it('shows 국내: indexes linking to the market pages, counts, sectors, popular stocks, collections', async () => {
    trendApi();
    renderTrend('/m/trend/domestic');
    const indexes = await screen.findByTestId('market-indexes');
    expect(within(indexes).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/m/trend/kospi',
      '/m/trend/kosdaq',
    ]);
    const counts = screen.getByTestId('special-stock-counts');
    const vi = await within(counts).findByRole('link', { name: '코스닥 VI 발동 3종목' });
    expect(vi.getAttribute('href')).toBe('/m/trend/kosdaq?category=vi');
    const sectors = await screen.findByRole('list', { name: '상위 업종' });
    expect(within(sectors).getAllByRole('link')[0]?.getAttribute('href')).toBe('/m/trend/wics_sectors/G4530');
    const popular = await screen.findByRole('list', { name: '인기 종목' });
    expect(rowNames(popular)).toEqual(['뉴스인기', '뉴스둘째']);
    // 거래대금 상위: the first five, each with its rank and trading value, and 더보기 to the page.
    const collectionA = await screen.findByRole('list', { name: '거래대금 상위' });
    expect(rowNames(collectionA)).toHaveLength(5);
    expect(within(collectionA).getAllByRole('link')[0]?.textContent).toContain('1,234억');
    expect(within(screen.getByTestId('collection-a-preview')).getByRole('link', { name: '더보기' }).getAttribute('href')).toBe(
      '/m/trend/collection_a',
    );
  });

  it('switches 인기 종목 between news, searches and trading value, saying so when empty', async () => {
    trendApi();
    renderTrend('/m/trend/domestic');
    await screen.findByRole('list', { name: '인기 종목' });
    const popular = screen.getByTestId('popular-stocks');
    fireEvent.click(within(popular).getByRole('button', { name: '검색' }));
    await waitFor(() => expect(rowNames(within(popular).getByRole('list', { name: '인기 종목' }))).toEqual(['검색인기']));
    fireEvent.click(within(popular).getByRole('button', { name: '거래대금' }));
    expect(await within(popular).findByText('인기 종목이 없습니다.')).toBeDefined();
  });

  it('pages a collection by 20 with 더보기 to the end, filtered by market', async () => {
    const api = trendApi();
    const { router } = renderTrend('/m/trend/collection_a');
    const list = await screen.findByRole('list', { name: '거래대금 상위' });
    await waitFor(() => expect(rowNames(list)).toHaveLength(20));
    // Ranked: 1 … 20, each linking to its stock.
    expect(list.querySelector('.trend-stocks__rank')?.textContent).toBe('1');
    expect(within(list).getAllByRole('link')[0]?.getAttribute('href')).toBe('/m/stocks/KOREA-A100001');
    // Live quotes of the rows on screen replace the list's prices.
    await waitFor(() => expect(within(list).getAllByText('50,000')).toHaveLength(20));

    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(rowNames(screen.getByRole('list', { name: '거래대금 상위' }))).toHaveLength(25));
    expect(screen.queryByRole('button', { name: '더보기' })).toBeNull();
    const calls = api.calls(TREND_API.orderedStocks);
    expect(calls.map((url) => [url.searchParams.get('key'), url.searchParams.get('limit'), url.searchParams.get('cursor')])).toEqual([
      ['collection_a', '20', null],
      ['collection_a', '20', '20'],
    ]);
    // Both markets by default; 코스닥 asks for it and keeps it in the URL.
    expect(calls[0]?.searchParams.has('market')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '코스닥' }));
    await waitFor(() => expect(api.calls(TREND_API.orderedStocks).at(-1)?.searchParams.get('market')).toBe('kosdaq'));
    expect(router.state.location.search).toBe('?market=kosdaq');
  });

  it('keeps asking pages until 더보기 adds 20 rows when a live ranking moved between pages', async () => {
    // The second page repeats the last three of the first (they crossed a neighbour).
    const stocks = Array.from({ length: 45 }, (_, i) => createTrendStock(i + 1));
    const pages: Record<string, [number, number, string | null]> = { '': [0, 20, '20'], '20': [17, 37, 'b'], b: [37, 45, null] };
    const api = trendApi({
      [TREND_API.orderedStocks]: (url) => {
        const [from, to, next] = pages[url.searchParams.get('cursor') ?? ''] ?? [0, 0, null];
        return { body: { key: 'collection_a', stocks: stocks.slice(from, to), next_cursor: next } };
      },
    });
    renderTrend('/m/trend/collection_a');
    const list = await screen.findByRole('list', { name: '거래대금 상위' });
    await waitFor(() => expect(rowNames(list)).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(api.calls(TREND_API.orderedStocks)).toHaveLength(3));
    await waitFor(() => expect(rowNames(screen.getByRole('list', { name: '거래대금 상위' }))).toHaveLength(40));
    const names = rowNames(screen.getByRole('list', { name: '거래대금 상위' }));
    expect(new Set(names).size).toBe(40);
    // Five more are loaded but not asked for yet: 더보기 shows them without a call.
    fireEvent.click(await screen.findByRole('button', { name: '더보기' }));
    await waitFor(() => expect(rowNames(screen.getByRole('list', { name: '거래대금 상위' }))).toHaveLength(45));
    expect(api.calls(TREND_API.orderedStocks)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: '더보기' })).toBeNull();
  });

  it('shows the market page: index, rising stocks, special stocks by category (empty ones say so)', async () => {
    const api = trendApi();
    renderTrend('/m/trend/kospi?category=high_52week');
    expect(await screen.findByTestId('trend-kospi')).toBeDefined();
    expect(document.title).toBe('코스피 : 시세');
    const special = screen.getByTestId('special-stocks');
    expect(await within(special).findByText('high_52week 종목')).toBeDefined();
    expect(within(special).getByRole('button', { name: '52주 신고가 1' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(special).getByRole('button', { name: '하한가 0' }));
    expect(await within(special).findByText('해당 종목이 없습니다.')).toBeDefined();
    expect(api.calls(TREND_API.specialStocks)[0]?.searchParams.get('market')).toBe('kospi');
    // 상승, then 하락, of this market.
    const movers = screen.getByTestId('market-movers');
    await within(movers).findByRole('list', { name: '상승 종목' });
    fireEvent.click(within(movers).getByRole('button', { name: '하락' }));
    await within(movers).findByRole('list', { name: '하락 종목' });
    const keys = api.calls(TREND_API.orderedStocks).map((url) => [url.searchParams.get('key'), url.searchParams.get('market')]);
    expect(keys).toEqual([
      ['rising', 'kospi'],
      ['falling', 'kospi'],
    ]);
  });

  it('shows the foreign index groups, each index linking to its page', async () => {
    trendApi();
    renderTrend('/m/trend/foreign');
    const asia = await screen.findByTestId('foreign-asia_indexes');
    expect(within(asia).getByRole('link', { name: /니케이 225/ }).getAttribute('href')).toBe('/m/assets/INDEX-N225');
    expect(screen.getByTestId('foreign-europe_indexes').textContent).toContain('독일 DAX');
  });

  it('opens a sector from the heatmap, and lists its stocks with 더보기', async () => {
    trendApi();
    const { router } = renderTrend('/m/trend/wics_sectors');
    const map = await screen.findByTestId('sector-heatmap');
    expect(screen.getByRole('list', { name: '업종' })).toBeDefined();
    await act(async () => {
      fireEvent.click(within(map).getByRole('link', { name: '반도체와반도체장비 +1.20%' }));
      await Promise.resolve();
    });
    expect(await screen.findByTestId('sector-summary')).toBeDefined();
    expect(router.state.location.pathname).toBe('/m/trend/wics_sectors/G4530');
    expect(screen.getByRole('heading', { name: '반도체와반도체장비', level: 1 })).toBeDefined();
    const list = await screen.findByRole('list', { name: '구성 종목' });
    expect(rowNames(list)).toHaveLength(20);
    // Still under 업종 in the tab row.
    expect(trendTabs().find(([, active]) => active)?.[0]).toBe('업종');
  });

  it('says an unknown sector is not found', async () => {
    trendApi();
    renderTrend('/m/trend/wics_sectors/G0000');
    expect(await screen.findByText('업종 정보를 찾을 수 없습니다.')).toBeDefined();
  });

  it('shows a failed page with a retry', async () => {
    let failing = true;
    trendApi({
      [TREND_API.wicsSectors]: () =>
        failing ? { status: 503, body: { error: 'unavailable', message: '잠시 후 다시 시도해 주세요.' } } : { body: { wics_sectors: [] } },
    });
    renderTrend('/m/trend/wics_sectors');
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByText('업종 정보가 없습니다.')).toBeDefined();
  });
});
