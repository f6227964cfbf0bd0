import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { env } from '@/config/env';
import { recordRecentStock } from '@/features/history/hooks/use-recent-stocks';
import { getSecurityQueryOptions } from '@/features/securities/api/get-security';
import { browserLocation } from '@/lib/browser-location';
import { createAsset, createQuote, createSecurity } from '@/testing/data-generators';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { createTestQueryClient, stubFetch } from '@/testing/test-utils';

import { preloadRoute, routes } from './route-table';

const STOCK = '/m/stocks/KOREA-A005930';

function renderRoute(path: string, fetchRoutes: Parameters<typeof stubFetch>[0] = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getSecurityQueryOptions('KOREA-A005930').queryKey, {
    security: createSecurity(),
    quote: createQuote(),
  });
  installIntersectionObserver();
  const fetchMock = stubFetch(fetchRoutes);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, fetchMock };
}

/** [label, href, active] of every tab in a tab row. */
function tabsOf(name: string) {
  const nav = screen.getByRole('navigation', { name });
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current') === 'page']);
}

describe('routes', () => {
  it('renders the stock page with the sample-data notice', async () => {
    renderRoute(STOCK);
    expect(await screen.findByRole('heading', { name: '삼성전자' })).toBeDefined();
    expect(screen.getByText('샘플 데이터 · 실제 KRX 과거 시세 기반 모의 시세')).toBeDefined();
  });

  it('accepts a format suffix', async () => {
    const { router } = renderRoute(`${STOCK}.json`);
    expect(await screen.findByRole('heading', { name: '삼성전자' })).toBeDefined();
    expect(router.state.location.pathname).toBe(STOCK);
  });

  it('shows the fallback page for unknown paths', async () => {
    for (const path of ['/m/no-such-page', '/m/stocks', `${STOCK}/nope`]) {
      renderRoute(path);
      expect(await screen.findByText('페이지를 찾을 수 없습니다.')).toBeDefined();
      expect(screen.getAllByRole('link', { name: '홈으로' })[0]?.getAttribute('href')).toBe('/m');
      // Not the stock page with made-up content.
      expect(screen.queryByRole('navigation', { name: '종목 메뉴' })).toBeNull();
      cleanup();
    }
  });

  it('redirects the root to /m', async () => {
    const { router } = renderRoute('/');
    expect(await screen.findByRole('heading', { name: '인기 종목' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/m');
  });

  it('has a header and a tab bar', async () => {
    renderRoute('/m');
    await screen.findByRole('heading', { name: '인기 종목' });
    expect(screen.getByRole('link', { name: '시세' }).getAttribute('href')).toBe('/m');
    // Opened fresh, home has nowhere to go back to.
    expect(screen.queryByRole('button', { name: '뒤로 가기' })).toBeNull();
    const tabs = screen.getByRole('navigation', { name: '주요 메뉴' });
    const hrefs = Array.from(tabs.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['홈', '/m'],
      ['트렌드', '/m/trend'],
      ['뉴스', '/m/news'],
      ['검색', '/m/search'],
      ['MY', '/m/my'],
    ]);
  });
});

describe('back button', () => {
  it('is shown on any other screen opened fresh', async () => {
    renderRoute(STOCK);
    await screen.findByTestId('stock-overview');
    expect(screen.getByRole('button', { name: '뒤로 가기' })).toBeDefined();
  });
});

describe('stock tabs', () => {
  it('shows the overview under the 개요 tab', async () => {
    renderRoute(STOCK);
    expect(await screen.findByTestId('stock-overview')).toBeDefined();
    expect(tabsOf('종목 메뉴')).toEqual([
      ['개요', STOCK, true],
      ['토론', `${STOCK}/debates`, false],
      ['뉴스·공시', `${STOCK}/articles`, false],
      ['시세', `${STOCK}/quotations`, false],
      ['분석', `${STOCK}/analysis`, false],
    ]);
  });

  it('opens 시세 on 일별', async () => {
    const { router } = renderRoute(`${STOCK}/quotations`);
    expect(await screen.findByTestId('daily-quotes')).toBeDefined();
    expect(router.state.location.pathname).toBe(`${STOCK}/quotations/daily`);
    expect(tabsOf('종목 메뉴').find(([, , active]) => active)?.[0]).toBe('시세');
    expect(tabsOf('시세 메뉴')).toEqual([
      ['일별', `${STOCK}/quotations/daily`, true],
      ['투자자별', `${STOCK}/quotations/foreign`, false],
      ['거래원', `${STOCK}/quotations/trader`, false],
    ]);
  });

  it('reads every sub-tab from its path, with or without a format suffix', async () => {
    const cases: [string, string, string, string][] = [
      [`${STOCK}/quotations/foreign.json`, 'investor-trends', '시세 메뉴', '투자자별'],
      [`${STOCK}/quotations/trader`, 'trader-board', '시세 메뉴', '거래원'],
      [`${STOCK}/articles`, 'article-list-all', '뉴스·공시 메뉴', '전체'],
      [`${STOCK}/articles/news`, 'article-list-news', '뉴스·공시 메뉴', '뉴스'],
      [`${STOCK}/articles/disclosures.json`, 'article-list-disclosures', '뉴스·공시 메뉴', '공시'],
    ];
    for (const [path, testId, nav, active] of cases) {
      renderRoute(path);
      expect(await screen.findByTestId(testId)).toBeDefined();
      expect(tabsOf(nav).filter(([, , isActive]) => isActive).map(([label]) => label)).toEqual([active]);
      cleanup();
    }
  });

  it('opens the board under the 토론 tab, and its posts, form and 내 글 keep the tab', async () => {
    const board = { status: 200, body: { posts: [], next_cursor: null } };
    const { router } = renderRoute(`${STOCK}/debates`, { '/social/api/v1/securities/KOREA-A005930/posts': board });
    expect(await screen.findByText('아직 글이 없습니다. 첫 글을 남겨보세요.')).toBeDefined();
    expect(tabsOf('종목 메뉴').find(([, , active]) => active)?.[0]).toBe('토론');
    expect(screen.getByRole('button', { name: '글쓰기' })).toBeDefined();
    expect(screen.getByRole('group', { name: '정렬' })).toBeDefined();
    // A sort or category is kept in the address.
    fireEvent.click(within(screen.getByRole('group', { name: '말머리' })).getByRole('button', { name: '질문' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=question'));
    cleanup();

    for (const path of [`${STOCK}/debates/12`, `${STOCK}/debates/12/liked_users`]) {
      renderRoute(path);
      await screen.findByRole('navigation', { name: '종목 메뉴' });
      expect(tabsOf('종목 메뉴').find(([, , active]) => active)?.[0]).toBe('토론');
      cleanup();
    }
    renderRoute(`${STOCK}/debates/abc`);
    expect(await screen.findByText('페이지를 찾을 수 없습니다.')).toBeDefined();
  });

  it('sends /m/debates to the root', async () => {
    const { router } = renderRoute('/m/debates');
    await waitFor(() => expect(router.state.location.pathname).toBe('/m'));
  });

  it('keeps the statement term in the URL', async () => {
    renderRoute(`${STOCK}/analysis?term=yearly`);
    await screen.findByTestId('financial-statements');
    const terms = screen.getByRole('navigation', { name: '재무제표 기간' });
    expect(within(terms).getByRole('link', { name: '연간' }).getAttribute('aria-current')).toBe('page');
    expect(within(terms).getByRole('link', { name: '분기' }).getAttribute('href')).toBe(`${STOCK}/analysis`);
  });

  it('moves between tabs by links, and back and forward return to them', async () => {
    const { router } = renderRoute(STOCK);
    await screen.findByTestId('stock-overview');
    const header = screen.getByRole('heading', { name: '삼성전자' });

    const stockTab = (name: string) =>
      within(screen.getByRole('navigation', { name: '종목 메뉴' })).getByRole('link', { name });
    fireEvent.click(stockTab('시세'));
    await screen.findByTestId('daily-quotes');
    fireEvent.click(screen.getByRole('link', { name: '투자자별' }));
    await screen.findByTestId('investor-trends');
    fireEvent.click(stockTab('분석'));
    await screen.findByTestId('financial-statements');
    expect(router.state.location.pathname).toBe(`${STOCK}/analysis`);
    // The price header (and its live stream) stays mounted across tabs.
    expect(screen.getByRole('heading', { name: '삼성전자' })).toBe(header);

    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('investor-trends')).toBeDefined();
    expect(router.state.location.pathname).toBe(`${STOCK}/quotations/foreign`);
    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('daily-quotes')).toBeDefined();
    // /quotations redirected with replace: one step back is the overview.
    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('stock-overview')).toBeDefined();
    expect(router.state.location.pathname).toBe(STOCK);

    await act(() => router.navigate(1));
    expect(await screen.findByTestId('daily-quotes')).toBeDefined();
  });

  it('has no tabs for an unknown security', async () => {
    renderRoute('/m/stocks/KOREA-A999999', {
      '/main/api/v1/securities/KOREA-A999999': {
        status: 404,
        body: { error: 'security_not_found', message: '종목이 없습니다.' },
      },
    });
    expect(await screen.findByText('종목을 찾을 수 없습니다.')).toBeDefined();
    expect(screen.queryByRole('navigation', { name: '종목 메뉴' })).toBeNull();
  });
});

describe('other screens', () => {
  it('sends /m/news, /m/news/popular and /m/news/latest to the external news address', async () => {
    for (const path of ['/m/news', '/m/news/popular', '/m/news/latest.json']) {
      const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
      renderRoute(path);
      expect(await screen.findByText('뉴스로 이동하는 중…')).toBeDefined();
      expect(replace).toHaveBeenCalledWith(env.EXTERNAL_NEWS_URL);
      expect(env.EXTERNAL_NEWS_URL).toBe('https://news.naver.com/section/101');
      replace.mockRestore();
      cleanup();
    }
  });

  it('shows an index on its asset page', async () => {
    renderRoute('/m/assets/INDEX-KOSPI', {
      '/mweb/api/v1/assets/INDEX-KOSPI': { status: 200, body: { asset: createAsset() } },
    });
    expect(await screen.findByRole('heading', { name: '코스피' })).toBeDefined();
    expect(screen.getByTestId('asset-price').textContent).toBe('2,650.12');
  });

  it('sends a stock asset id to the stock page', async () => {
    const { router } = renderRoute('/m/assets/KOREA-A005930', {
      '/mweb/api/v1/assets/KOREA-A005930': {
        status: 200,
        body: { asset: createAsset({ asset_id: 'KOREA-A005930', kind: 'STOCK', name: '삼성전자' }) },
      },
    });
    expect(await screen.findByTestId('stock-overview')).toBeDefined();
    expect(router.state.location.pathname).toBe(STOCK);
  });
});

describe('preloadRoute', () => {
  it("asks for a stock page's security before the first render, and nothing for other pages", async () => {
    const fetchMock = stubFetch({
      '/main/api/v1/securities/KOREA-A005930': { status: 200, body: { security: createSecurity(), quote: createQuote() } },
    });
    const queryClient = createTestQueryClient();
    preloadRoute('/m', queryClient);
    preloadRoute('/m/no-such-page', queryClient);
    expect(fetchMock).not.toHaveBeenCalled();

    preloadRoute(`${STOCK}.json`, queryClient);
    const { queryKey } = getSecurityQueryOptions('KOREA-A005930');
    await waitFor(() => expect(queryClient.getQueryData(queryKey)).toBeDefined());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('MY and 최근 본 종목', () => {
  const HYNIX = 'KOREA-A000660';
  const namesAndQuotes = {
    '/main/api/v1/quotes': {
      status: 200,
      body: { quotes: [createQuote(), createQuote({ security_id: HYNIX, price: 181_500 })] },
    },
    '/mweb/api/v1/assets': {
      status: 200,
      body: {
        assets: {
          'KOREA-A005930': createAsset({ asset_id: 'KOREA-A005930', kind: 'STOCK', name: '삼성전자' }),
          [HYNIX]: createAsset({ asset_id: HYNIX, kind: 'STOCK', name: 'SK하이닉스' }),
        },
      },
    },
  };
  /** The names of a quote list's rows, top to bottom. */
  const rowNames = (container: HTMLElement) =>
    Array.from(container.querySelectorAll('.quote-list__name')).map((name) => name.textContent);
  const activeMainTab = () =>
    within(screen.getByRole('navigation', { name: '주요 메뉴' })).getByRole('link', { current: 'page' }).textContent;

  it('records a view once the stock page has its security', async () => {
    renderRoute(STOCK);
    await screen.findByTestId('stock-overview');
    await waitFor(() => expect(localStorage.getItem('sise.recent-stocks.v1')).toBe('["KOREA-A005930"]'));
    expect(document.cookie).toContain('recent_stocks=A005930');
  });

  it('leaves an unknown security out', async () => {
    renderRoute('/m/stocks/KOREA-A999999', {
      '/main/api/v1/securities/KOREA-A999999': {
        status: 404,
        body: { error: 'security_not_found', message: '종목이 없습니다.' },
      },
    });
    await screen.findByText('종목을 찾을 수 없습니다.');
    expect(localStorage.getItem('sise.recent-stocks.v1')).toBeNull();
  });

  it('shows the newest few on MY, with 전체보기', async () => {
    recordRecentStock('KOREA-A005930');
    recordRecentStock(HYNIX);
    renderRoute('/m/my', namesAndQuotes);
    expect(await screen.findByRole('heading', { name: 'MY', level: 1 })).toBeDefined();
    const section = screen.getByTestId('my-recent');
    await within(section).findByText('SK하이닉스');
    expect(rowNames(section)).toEqual(['SK하이닉스', '삼성전자']);
    expect(within(section).getByText('181,500')).toBeDefined();
    expect(within(section).getByRole('link', { name: '전체보기' }).getAttribute('href')).toBe('/m/my/history');
    expect(activeMainTab()).toBe('MY');
  });

  it('says so on MY and on the list when nothing was viewed', async () => {
    for (const path of ['/m/my', '/m/my/history', '/m/my/history/edit']) {
      renderRoute(path);
      expect(await screen.findByText('최근 본 종목이 없습니다.')).toBeDefined();
      expect(screen.queryByRole('link', { name: '편집' })).toBeNull();
      cleanup();
    }
  });

  it('lists every recent stock with its price, each linking to its page, the MY tab active', async () => {
    recordRecentStock('KOREA-A005930');
    recordRecentStock(HYNIX);
    renderRoute('/m/my/history', namesAndQuotes);
    expect(await screen.findByRole('heading', { name: '최근 본 종목' })).toBeDefined();
    await screen.findByText('SK하이닉스');
    expect(rowNames(document.body)).toEqual(['SK하이닉스', '삼성전자']);
    expect(screen.getByRole('link', { name: /SK하이닉스/ }).getAttribute('href')).toBe(`/m/stocks/${HYNIX}`);
    expect(screen.getByText('72,300')).toBeDefined();
    expect(screen.getByRole('link', { name: '편집' }).getAttribute('href')).toBe('/m/my/history/edit');
    expect(activeMainTab()).toBe('MY');
  });

  it('edits the list: deletes the selected stock, then 완료 returns to the list', async () => {
    recordRecentStock('KOREA-A005930');
    recordRecentStock(HYNIX);
    const { router } = renderRoute('/m/my/history/edit', namesAndQuotes);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'SK하이닉스' }));
    fireEvent.click(screen.getByRole('button', { name: '삭제' }));
    expect(screen.queryByRole('checkbox', { name: 'SK하이닉스' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: '삼성전자' })).toBeDefined();

    fireEvent.click(screen.getByRole('link', { name: '완료' }));
    await screen.findByRole('link', { name: '편집' });
    expect(router.state.location.pathname).toBe('/m/my/history');
    await screen.findByText('삼성전자');
    expect(rowNames(document.body)).toEqual(['삼성전자']);
  });

  it('shows the recent stocks last on the home page, with their prices', async () => {
    recordRecentStock(HYNIX);
    renderRoute('/m', namesAndQuotes);
    const strip = await screen.findByTestId('recently-viewed');
    await within(strip).findByText('181,500');
    expect(within(strip).getByRole('link', { name: /SK하이닉스/ }).getAttribute('href')).toBe(`/m/stocks/${HYNIX}`);
    expect(within(strip).getByRole('link', { name: '전체보기' }).getAttribute('href')).toBe('/m/my/history');
    expect(strip.parentElement?.lastElementChild).toBe(strip);
  });

  it('shows no strip on the home page when nothing was viewed', async () => {
    renderRoute('/m', namesAndQuotes);
    await screen.findByRole('heading', { name: '인기 종목' });
    await screen.findByTestId('market-disclosures');
    expect(screen.queryByTestId('recently-viewed')).toBeNull();
  });
});
