import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from '@/app/route-table';
import { RECENT_SEARCHES_STORAGE_KEY } from '@/features/search/hooks/use-recent-searches';
import { SAMSUNG } from '@/features/search/testing/found-assets';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { createTestQueryClient } from '@/testing/test-utils';

import { EMPTY_PAGE, type Handler, foundNews, foundStock, paged, prices, stubApi } from './search-test-api';

const ASSETS = '/main/api/v1/search/assets';
const NEWS = '/main/api/v1/search/news';
const RELATED = '/main/api/v1/search/news_related_assets';
const INSIGHT = '/main/api/v1/search/insight_articles';
const TOPICS = '/main/api/v1/search/topics';
const PRICES = '/mweb/api/v1/assets';

/** 13 assets (삼성전자 first), 12 news, 7 news-related stocks. */
const FOUND_ASSETS = [SAMSUNG, ...Array.from({ length: 12 }, (_, i) => foundStock(i + 1))];
const FOUND_NEWS = Array.from({ length: 12 }, (_, i) => foundNews(i + 1));
const RELATED_ASSETS = Array.from({ length: 7 }, (_, i) => foundStock(i + 51));

function searchApi(overrides: Record<string, Handler> = {}) {
  return stubApi({
    [ASSETS]: paged(FOUND_ASSETS, 'assets'),
    [NEWS]: paged(FOUND_NEWS, 'news'),
    [RELATED]: paged(RELATED_ASSETS, 'assets'),
    [INSIGHT]: EMPTY_PAGE('articles'),
    [TOPICS]: EMPTY_PAGE('topics'),
    [PRICES]: prices,
    ...overrides,
  });
}

function renderResults(path = '/m/search/query?keyword=%EC%82%BC%EC%84%B1') {
  installIntersectionObserver();
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const section = (testId: string) => screen.getByTestId(testId);
const rows = (testId: string) => within(section(testId)).getAllByRole('listitem');

describe('search results', () => {
  it('shows each kind of result in its own section, the box holding the keyword', async () => {
    const api = searchApi();
    renderResults();
    const assets = await screen.findByRole('list', { name: '종목·지수·환율' });
    expect(within(assets).getAllByRole('link')).toHaveLength(10);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: '검색어 입력' }).value).toBe('삼성');
    expect(document.title).toBe('삼성 검색 결과 : 시세');

    // 삼성전자: name, code and market badge; a stock opens its stock page.
    const samsung = within(assets).getAllByRole('link')[0];
    expect(samsung?.getAttribute('href')).toBe('/m/stocks/KOREA-A005930');
    expect(samsung?.textContent).toContain('삼성전자');
    expect(samsung?.textContent).toContain('005930');
    expect(samsung?.textContent).toContain('코스피');

    const news = await screen.findByRole('list', { name: '뉴스' });
    expect(within(news).getAllByRole('link')).toHaveLength(10);
    expect(within(news).getAllByRole('link')[0]?.getAttribute('target')).toBe('_blank');
    const related = await screen.findByRole('list', { name: '뉴스 관련 종목' });
    expect(within(related).getAllByRole('link')).toHaveLength(5);

    // Each call asked for its page size, with the keyword.
    expect(api.calls(ASSETS).map((url) => [url.searchParams.get('keyword'), url.searchParams.get('limit')])).toEqual([
      ['삼성', '10'],
    ]);
    expect(api.calls(NEWS)[0]?.searchParams.get('limit')).toBe('10');
    expect(api.calls(RELATED)[0]?.searchParams.get('limit')).toBe('5');
    expect(screen.getByTestId('sample-data-notice')).toBeDefined();
  });

  it('prices each page of assets with one call, coloured by direction', async () => {
    const api = searchApi();
    renderResults();
    const assets = await screen.findByRole('list', { name: '종목·지수·환율' });
    await waitFor(() => expect(within(assets).getAllByTestId('quote-change')).toHaveLength(10));
    expect(within(assets).getAllByTestId('quote-change')[0]?.getAttribute('data-change-type')).toBe('FALL');
    expect(assets.querySelector('.found-asset__price')?.className).toContain('change--fall');
    expect(within(assets).getAllByRole('link')[0]?.textContent).toContain('10,000');

    // One call for the 10 assets of the first page, one for the 5 news-related stocks.
    const idLists = api.calls(PRICES).map((url) => url.searchParams.get('ids')?.split(',').length);
    expect(idLists.sort()).toEqual([10, 5]);
  });

  it('loads the next page with 더보기, priced by one more call, until the end', async () => {
    const api = searchApi();
    renderResults();
    await screen.findByRole('list', { name: '종목·지수·환율' });
    await waitFor(() => expect(api.calls(PRICES)).toHaveLength(2));

    fireEvent.click(within(section('search-assets')).getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(rows('search-assets')).toHaveLength(13));
    expect(api.calls(ASSETS).map((url) => url.searchParams.get('cursor'))).toEqual([null, '10']);
    await waitFor(() => expect(api.calls(PRICES)).toHaveLength(3));
    expect(api.calls(PRICES)[2]?.searchParams.get('ids')).toBe(
      FOUND_ASSETS.slice(10)
        .map((asset) => asset.asset_id)
        .join(','),
    );
    // The last page: no 더보기 any more, and no end message under the section.
    expect(within(section('search-assets')).queryByRole('button', { name: '더보기' })).toBeNull();
    expect(within(section('search-assets')).queryByTestId('list-end')).toBeNull();

    // The other sections page on their own.
    fireEvent.click(within(section('search-news-related-assets')).getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(rows('search-news-related-assets')).toHaveLength(7));
    expect(rows('search-news')).toHaveLength(10);
  });

  it('shows the loaded pages again on return, without asking again (spec §4)', async () => {
    const api = searchApi();
    const { router } = renderResults();
    await screen.findByRole('list', { name: '종목·지수·환율' });
    fireEvent.click(within(section('search-assets')).getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(rows('search-assets')).toHaveLength(13));
    const asked = api.calls(ASSETS).length;

    await act(() => router.navigate('/m/search'));
    await screen.findByRole('heading', { name: '최근 검색어' });
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('list', { name: '종목·지수·환율' })).toBeDefined();
    expect(rows('search-assets')).toHaveLength(13);
    expect(api.calls(ASSETS)).toHaveLength(asked);
  });

  it('aborts what is still loading when the page is left', async () => {
    const api = searchApi({ [NEWS]: () => 'hang' });
    const { router } = renderResults();
    await screen.findByRole('list', { name: '종목·지수·환율' });
    const newsRequest = api.requests.find(({ url }) => url.pathname === NEWS);
    expect(newsRequest?.signal.aborted).toBe(false);
    await act(() => router.navigate('/m'));
    await screen.findByRole('heading', { name: '인기 종목' });
    expect(newsRequest?.signal.aborted).toBe(true);
  });

  it('leaves out a section that found nothing', async () => {
    searchApi({ [NEWS]: EMPTY_PAGE('news') });
    renderResults();
    await screen.findByRole('list', { name: '종목·지수·환율' });
    await screen.findByRole('list', { name: '뉴스 관련 종목' });
    await waitFor(() => expect(screen.queryByTestId('search-news')).toBeNull());
  });

  it('lists insight articles that hold the keyword, each opening its page', async () => {
    const api = searchApi({
      [INSIGHT]: () => ({
        body: {
          articles: [
            {
              id: 7,
              title: '삼성전자 메모리 전망',
              summary: '메모리 사이클',
              content_type: 'HTML',
              content: null,
              blocks: null,
              contributor: { id: -101, name: '샘플기고자1', avatar_url: null, bio: '', sample: true, automated: false, articles_count: 2 },
              security_ids: ['KOREA-A005930'],
              featured: true,
              likes_count: 0,
              dislikes_count: 0,
              comments_count: 0,
              my_emotion: { liked: false, disliked: false },
              sample: true,
              published_at_ms: Date.UTC(2026, 4, 8),
            },
          ],
          next_cursor: null,
        },
      }),
    });
    renderResults();
    const list = await screen.findByRole('list', { name: '인사이트 검색 결과' });
    const link = await within(list).findByRole('link', { name: /삼성전자 메모리 전망/ });
    expect(link.getAttribute('href')).toBe('/m/investing_strategies/articles/7');
    expect(link.textContent).toContain('샘플');
    expect(api.calls(INSIGHT)[0]?.searchParams.get('keyword')).toBe('삼성');
  });

  it('says so when nothing was found', async () => {
    searchApi({ [ASSETS]: EMPTY_PAGE('assets'), [NEWS]: EMPTY_PAGE('news'), [RELATED]: EMPTY_PAGE('assets') });
    renderResults('/m/search/query?keyword=%EC%97%86%EB%8A%94%EB%A7%90');
    expect(await screen.findByText("'없는말'에 대한 검색 결과가 없습니다.")).toBeDefined();
    expect(screen.queryByRole('region', { name: '종목·지수·환율' })).toBeNull();
  });

  it('shows a section that failed to load, with a retry', async () => {
    let failing = true;
    const newsPages = paged(FOUND_NEWS, 'news');
    searchApi({
      [NEWS]: (url) =>
        failing ? { status: 503, body: { error: 'unavailable', message: '잠시 후 다시 시도해 주세요.' } } : newsPages(url),
    });
    renderResults();
    const alert = await within(await screen.findByTestId('search-news')).findByRole('alert');
    expect(alert.textContent).toContain('뉴스 결과를 불러오지 못했습니다.');
    // The other sections are there.
    expect(await screen.findByRole('list', { name: '종목·지수·환율' })).toBeDefined();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('list', { name: '뉴스' })).toBeDefined();
  });

  it('shows the server’s message for a keyword it refuses', async () => {
    const tooLong: Handler = () => ({
      status: 400,
      body: { error: 'keyword_too_long', message: '검색어는 40자 이내로 입력해주세요.' },
    });
    searchApi({ [ASSETS]: tooLong, [NEWS]: tooLong, [RELATED]: tooLong });
    renderResults();
    await waitFor(() => expect(screen.getAllByText('검색어는 40자 이내로 입력해주세요.')).toHaveLength(3));
    // A retry cannot change a 4xx answer.
    expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
  });

  it('cuts the keyword of the address to 40 characters, and sends no blank keyword', async () => {
    const api = searchApi();
    const { router } = renderResults(`/m/search/query?keyword=${encodeURIComponent(`  ${'가'.repeat(45)} `)}`);
    await screen.findByRole('region', { name: '종목·지수·환율' });
    expect(api.calls(ASSETS)[0]?.searchParams.get('keyword')).toBe('가'.repeat(40));

    await act(() => router.navigate('/m/search/query?keyword=%20%20'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/search'));
    expect(router.state.location.search).toBe('');
  });

  it('runs a new search from the box, recording it', async () => {
    const api = searchApi();
    const { router } = renderResults();
    await screen.findByRole('list', { name: '종목·지수·환율' });
    const box = screen.getByRole('combobox', { name: '검색어 입력' });
    fireEvent.change(box, { target: { value: ' 하이닉스 ' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=%ED%95%98%EC%9D%B4%EB%8B%89%EC%8A%A4'));
    await waitFor(() => expect(api.calls(ASSETS).at(-1)?.searchParams.get('keyword')).toBe('하이닉스'));
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY) ?? 'null')).toEqual(['하이닉스']);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: '검색어 입력' }).value).toBe('하이닉스');
  });
});
