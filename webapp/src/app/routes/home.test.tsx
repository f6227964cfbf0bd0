import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from '@/app/route-table';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { createTrendStock } from '@/testing/data-generators';
import { createTestQueryClient } from '@/testing/test-utils';

import { paged } from './search/search-test-api';
import { RANKED, TREND_API, trendApi } from './trend/trend-test-api';

function renderHome() {
  installIntersectionObserver();
  const router = createMemoryRouter(routes, { initialEntries: ['/m'] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

describe('home page', () => {
  it('is built from the API: popular stocks, special counts, top sectors, news and disclosures', async () => {
    const api = trendApi();
    renderHome();

    // 인기 종목: the answer's stocks (no stock is fixed in the page), five asked for, live prices.
    const popular = await screen.findByRole('list', { name: '인기 종목' });
    expect(document.title).toBe('시세');
    const links = within(popular).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/m/stocks/KOREA-A100007', '/m/stocks/KOREA-A100008']);
    expect(links[0]?.textContent).toContain('뉴스인기');
    expect(api.calls(TREND_API.popular('news'))[0]?.searchParams.get('limit')).toBe('5');
    await waitFor(() => expect(within(popular).getAllByText('50,000')).toHaveLength(2));
    expect(api.calls(TREND_API.quotes)[0]?.searchParams.get('security_ids')).toBe('KOREA-A100007,KOREA-A100008');

    // 특징주 counts of both markets, each opening its market page on the category.
    const counts = screen.getByTestId('special-stock-counts');
    const high = await within(counts).findByRole('link', { name: '코스피 52주 신고가 7종목' });
    expect(high.getAttribute('href')).toBe('/m/trend/kospi?category=high_52week');

    // 상위 업종, each opening its sector.
    const sectors = await screen.findByRole('list', { name: '상위 업종' });
    expect(within(sectors).getByRole('link', { name: /자본재/ }).getAttribute('href')).toBe('/m/trend/wics_sectors/G2010');

    // Links to every trend page.
    const trends = within(screen.getByTestId('trend-links')).getAllByRole('link');
    expect(trends.map((a) => a.getAttribute('href'))).toContain('/m/trend/wics_sectors');
    expect(trends).toHaveLength(8);

    // The latest news and disclosures of the largest stocks.
    expect(await within(screen.getByTestId('market-news')).findByText('반도체 수출 호조')).toBeDefined();
    expect(await within(screen.getByTestId('market-disclosures')).findByText('주요사항보고서')).toBeDefined();
    const largest = api.calls(TREND_API.orderedStocks).find((url) => url.searchParams.get('key') === 'market_cap');
    expect(largest?.searchParams.get('limit')).toBe('20');
    expect(api.calls(TREND_API.news)[0]?.searchParams.get('security_ids')?.split(',')).toHaveLength(20);
    expect(api.calls(TREND_API.news)[0]?.searchParams.get('limit')).toBe('3');

    // The main indexes stay.
    const indexes = within(screen.getByTestId('market-indexes')).getAllByRole('link');
    expect(indexes.map((a) => a.getAttribute('href'))).toEqual([
      '/m/assets/INDEX-KOSPI',
      '/m/assets/INDEX-KOSDAQ',
      '/m/assets/INDEX-KPI200',
    ]);
    // No page views are counted for the stocks it shows.
    expect(api.requests.some(({ url }) => url.pathname.includes('/api/v1/securities/'))).toBe(false);
  });

  it('says so when a part fails, and keeps the rest', async () => {
    trendApi({
      [TREND_API.popular('news')]: () => ({ status: 503, body: { error: 'unavailable', message: '잠시 후' } }),
    });
    renderHome();
    const popular = await screen.findByTestId('popular-stocks');
    expect(await within(popular).findByRole('button', { name: '다시 시도' })).toBeDefined();
    expect(await screen.findByRole('list', { name: '상위 업종' })).toBeDefined();
  });
});

describe('home page: the parts that depend on another answer', () => {
  it('the latest news and disclosures say so when the largest stocks cannot be read, and retry them', async () => {
    let failing = true;
    const largest = paged(RANKED, 'stocks');
    trendApi({
      [TREND_API.orderedStocks]: (url) =>
        failing ? { status: 503, body: { error: 'unavailable', message: '잠시 후' } } : largest(url),
    });
    renderHome();
    const news = await screen.findByTestId('market-news');
    const disclosures = screen.getByTestId('market-disclosures');
    const retry = await within(news).findByRole('button', { name: '다시 시도' });
    expect(within(disclosures).getByRole('button', { name: '다시 시도' })).toBeDefined();
    expect(within(news).queryByText('불러오는 중…')).toBeNull();
    failing = false;
    fireEvent.click(retry);
    expect(await within(news).findByText('반도체 수출 호조')).toBeDefined();
    expect(await within(disclosures).findByText('주요사항보고서')).toBeDefined();
  });

  it('no largest stocks: no news or disclosures asked, and the lists say there are none', async () => {
    const api = trendApi({ [TREND_API.orderedStocks]: () => ({ body: { stocks: [], next_cursor: null } }) });
    renderHome();
    expect(await within(await screen.findByTestId('market-news')).findByText('뉴스가 없습니다.')).toBeDefined();
    expect(within(screen.getByTestId('market-disclosures')).getByText('공시가 없습니다.')).toBeDefined();
    expect(api.calls(TREND_API.news)).toEqual([]);
    expect(api.calls(TREND_API.disclosures)).toEqual([]);
  });

  it('the main indexes say so when they cannot be read, with a retry', async () => {
    trendApi({ [TREND_API.assets]: () => ({ status: 503, body: { error: 'unavailable', message: '잠시 후' } }) });
    renderHome();
    const indexes = await screen.findByTestId('market-indexes');
    expect(await within(indexes).findByRole('button', { name: '다시 시도' })).toBeDefined();
    expect(within(indexes).queryByRole('link')).toBeNull();
  });
});

describe('토론 급증', () => {
  it('badges a surging stock in the lists and shows the section, each row opening its board', async () => {
    const api = trendApi({
      [TREND_API.discussionSurges]: () => ({
        body: {
          discussion_surges: [
            { stock: createTrendStock(8, { name: '뉴스둘째' }), posts_last_hour: 12, usual_hourly_posts: 0.5 },
          ],
        },
      }),
    });
    renderHome();
    const section = await screen.findByTestId('discussion-surges');
    const row = within(section).getByRole('link');
    expect(row.getAttribute('href')).toBe('/m/stocks/KOREA-A100008/debates');
    expect(row.textContent).toContain('최근 1시간 글 12개 · 평소 0.5개');
    // After the articles, so its arrival moves nothing above it.
    expect(section.compareDocumentPosition(screen.getByTestId('trend-links')) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    const popular = screen.getByRole('list', { name: '인기 종목' });
    const [first, second] = within(popular).getAllByRole('listitem');
    expect(within(second!).getByText('토론 급증')).toBeDefined();
    expect(within(first!).queryByText('토론 급증')).toBeNull();
    // One call feeds every badge and the section.
    expect(api.calls(TREND_API.discussionSurges)).toHaveLength(1);
  });

  it('shows no section and no badge when no board surges', async () => {
    trendApi({ [TREND_API.discussionSurges]: () => ({ body: { discussion_surges: [] } }) });
    renderHome();
    await screen.findByRole('list', { name: '인기 종목' });
    await waitFor(() => expect(screen.getAllByText('50,000').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('discussion-surges')).toBeNull();
    expect(screen.queryByText('토론 급증')).toBeNull();
  });
});
