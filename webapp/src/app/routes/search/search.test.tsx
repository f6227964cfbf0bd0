import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from '@/app/route-table';
import { RECENT_SEARCHES_STORAGE_KEY, recordRecentSearch } from '@/features/search/hooks/use-recent-searches';
import { SAMSUNG } from '@/features/search/testing/found-assets';
import { installIntersectionObserver } from '@/testing/intersection-observer';
import { createTestQueryClient } from '@/testing/test-utils';

import { type Handler, foundStock, paged, prices, stubApi } from './search-test-api';

const AUTOCOMPLETE = '/main/api/v1/search/autocomplete';
const ISSUE = '/main/api/v1/search/issue_keywords';
const POPULAR = '/main/api/v1/search/popular_keywords';

const KOSPI_INDEX = { asset_id: 'INDEX-KOSPI', short_code: 'KOSPI', name: '코스피', kind: 'index', market: null };
const USDKRW = { asset_id: 'FOREX-USDKRW', short_code: 'USDKRW', name: '미국 달러', kind: 'forex', market: null };

const keywords = (...names: string[]) => ({ body: { keywords: names.map((keyword, i) => ({ keyword, score: 10 - i })) } });

function searchApi(overrides: Record<string, Handler> = {}) {
  return stubApi({
    [AUTOCOMPLETE]: (url) => {
      const keyword = url.searchParams.get('keyword');
      if (keyword === 'ㅅㅅㅈㅈ') return { body: { assets: [SAMSUNG, foundStock(1)] } };
      if (keyword === '코') return { body: { assets: [KOSPI_INDEX, USDKRW] } };
      return { body: { assets: [] } };
    },
    [ISSUE]: () => keywords('반도체', '2차전지'),
    [POPULAR]: () =>
      keywords('삼성전자', 'SK하이닉스', 'NAVER', '카카오', '현대차', 'LG에너지솔루션', '셀트리온', '기아', 'POSCO홀딩스', 'KB금융'),
    '/main/api/v1/search/assets': paged([], 'assets'),
    '/main/api/v1/search/news': paged([], 'news'),
    '/main/api/v1/search/news_related_assets': paged([], 'assets'),
    '/main/api/v1/search/insight_articles': paged([], 'articles'),
    '/main/api/v1/search/topics': paged([], 'topics'),
    '/mweb/api/v1/assets': prices,
    ...overrides,
  });
}

function renderSearch(path = '/m/search') {
  installIntersectionObserver();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: '검색어 입력' });
const storedTerms = (): unknown => JSON.parse(localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY) ?? 'null');
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('search page', () => {
  it('opens with the box focused, and lists 최근 검색어, 이슈 키워드 and 인기 검색어 numbered', async () => {
    recordRecentSearch('카카오');
    recordRecentSearch('삼성');
    searchApi();
    renderSearch();
    await screen.findByRole('heading', { name: '최근 검색어' });
    expect(document.activeElement).toBe(box());
    expect(box().maxLength).toBe(40);
    expect(box().getAttribute('enterkeyhint')).toBe('search');
    expect(screen.getByRole('button', { name: '검색' }).hasAttribute('disabled')).toBe(true);

    const recent = screen.getByRole('list', { name: '최근 검색어' });
    expect(within(recent).getAllByRole('link').map((link) => link.textContent)).toEqual(['삼성', '카카오']);

    const issue = await screen.findByRole('list', { name: '이슈 키워드' });
    expect(within(issue).getAllByRole('link').map((link) => link.textContent)).toEqual(['#반도체', '#2차전지']);

    const popular = await screen.findByRole('list', { name: '인기 검색어' });
    const items = within(popular).getAllByRole('link');
    expect(items).toHaveLength(10);
    expect(items[0]?.textContent).toBe('1삼성전자');
    expect(items[9]?.textContent).toBe('10KB금융');
    expect(items[0]?.getAttribute('href')).toBe('/m/search/query?keyword=%EC%82%BC%EC%84%B1%EC%A0%84%EC%9E%90');
  });

  it('deletes one recent term with ✕, and all with 전체 삭제', async () => {
    for (const term of ['현대차', '카카오', '삼성']) recordRecentSearch(term);
    searchApi();
    renderSearch();
    const recent = await screen.findByRole('list', { name: '최근 검색어' });
    fireEvent.click(within(recent).getByRole('button', { name: '카카오 삭제' }));
    expect(within(recent).getAllByRole('link').map((link) => link.textContent)).toEqual(['삼성', '현대차']);
    expect(storedTerms()).toEqual(['삼성', '현대차']);

    fireEvent.click(screen.getByRole('button', { name: '전체 삭제' }));
    expect(screen.getByText('최근 검색어가 없습니다.')).toBeDefined();
    expect(screen.queryByRole('button', { name: '전체 삭제' })).toBeNull();
    expect(storedTerms()).toEqual([]);
  });

  it('hides 이슈 키워드 and 인기 검색어 when there are none', async () => {
    const { calls } = searchApi({ [ISSUE]: () => keywords(), [POPULAR]: () => keywords() });
    renderSearch();
    await screen.findByRole('heading', { name: '최근 검색어' });
    await waitFor(() => expect(calls(POPULAR)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '인기 검색어' })).toBeNull());
    expect(screen.queryByRole('heading', { name: '이슈 키워드' })).toBeNull();
    expect(calls(ISSUE)[0]?.searchParams.get('limit')).toBe('10');
  });

  it('runs the search of a tapped term, recording it', async () => {
    searchApi();
    const { router } = renderSearch();
    const popular = await screen.findByRole('list', { name: '인기 검색어' });
    fireEvent.click(within(popular).getByRole('link', { name: /SK하이닉스/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/search/query'));
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('SK하이닉스');
    expect(storedTerms()).toEqual(['SK하이닉스']);
  });

  it('suggests assets as one types, with their code and badge, and opens the one tapped', async () => {
    const { calls } = searchApi();
    const { router } = renderSearch();
    await screen.findByRole('heading', { name: '최근 검색어' });
    type('ㅅㅅㅈㅈ');
    // The lists make way for the suggestions.
    expect(screen.queryByRole('heading', { name: '최근 검색어' })).toBeNull();
    const listbox = await screen.findByRole('listbox', { name: '추천 종목' });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['삼성전자005930코스피', '삼성1100001코스닥']);
    expect(calls(AUTOCOMPLETE).map((url) => url.searchParams.get('keyword'))).toEqual(['ㅅㅅㅈㅈ']);

    fireEvent.click(within(listbox).getByRole('option', { name: /삼성전자/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/stocks/KOREA-A005930'));
    // Opening a suggestion is not a search.
    expect(storedTerms()).toBeNull();
  });

  it('badges indexes and forex pairs, which open their asset pages', async () => {
    searchApi();
    const { router } = renderSearch();
    await screen.findByRole('heading', { name: '최근 검색어' });
    type('코');
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['코스피KOSPI지수', '미국 달러USDKRW환율']);
    fireEvent.click(within(listbox).getByRole('option', { name: /미국 달러/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/assets/FOREX-USDKRW'));
  });

  it('moves through the suggestions with the arrow keys, opens one with Enter, closes them with Escape', async () => {
    searchApi();
    const { router } = renderSearch();
    await screen.findByRole('heading', { name: '최근 검색어' });
    type('ㅅㅅㅈㅈ');
    const listbox = await screen.findByRole('listbox');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const second = within(listbox).getAllByRole('option')[1];
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(second?.id);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);

    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().value).toBe('ㅅㅅㅈㅈ');
    // Typing opens them again.
    type('ㅅㅅㅈㅈ ');
    await screen.findByRole('listbox');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/stocks/KOREA-A100001'));
  });

  it('says when nothing matches, and closes the suggestions when the box loses focus', async () => {
    searchApi();
    renderSearch();
    await screen.findByRole('heading', { name: '최근 검색어' });
    type('zzz');
    expect(await screen.findByText('일치하는 종목이 없습니다.')).toBeDefined();
    act(() => box().blur());
    expect(screen.queryByText('일치하는 종목이 없습니다.')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('runs the search with Enter (검색), trimmed, and records it; a blank box runs nothing', async () => {
    searchApi();
    const { router } = renderSearch();
    await screen.findByRole('heading', { name: '최근 검색어' });
    type('   ');
    fireEvent.submit(screen.getByRole('search'));
    expect(router.state.location.pathname).toBe('/m/search');

    type('  삼성  ');
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/search/query'));
    expect(router.state.location.search).toBe('?keyword=%EC%82%BC%EC%84%B1');
    expect(storedTerms()).toEqual(['삼성']);
    expect(await screen.findByText("'삼성'에 대한 검색 결과가 없습니다.")).toBeDefined();
  });

  it('clears the box with ✕, back to the lists', async () => {
    searchApi();
    renderSearch();
    await screen.findByRole('heading', { name: '최근 검색어' });
    type('삼성');
    expect(screen.queryByRole('heading', { name: '최근 검색어' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '검색어 지우기' }));
    expect(box().value).toBe('');
    expect(screen.getByRole('heading', { name: '최근 검색어' })).toBeDefined();
    expect(document.activeElement).toBe(box());
  });
});
