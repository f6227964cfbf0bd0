import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import type { Contest, Ranker } from '../types';

import { ContestList, RankerView, RunningContestRanking } from './contests';

type Answer = { status: number; body: unknown };

/** Answers fetch from `handlers` ("METHOD /path"), recording each request. */
function stubApi(handlers: Record<string, (request: Request) => Answer | Promise<Answer>>) {
  const requests: { key: string; url: URL; body: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const url = new URL(request.url, window.location.href);
      const key = `${request.method} ${url.pathname}`;
      requests.push({ key, url, body: request.method === 'GET' ? null : await request.clone().text() });
      const answer = handlers[key] ? await handlers[key](request) : { status: 404, body: { error: 'not_found', message: '없음' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

const CONTEST: Contest = {
  id: 7,
  title: '샘플 수익률 대회',
  description: '',
  starts_at_ms: Date.UTC(2026, 10, 1),
  ends_at_ms: Date.UTC(2026, 11, 1),
  state: 'running',
  sample: true,
  entries: 0,
};

function ranker(id: number, rank: number, rate: number): Ranker {
  return {
    id,
    contest_id: 7,
    nickname: `회원${id}`,
    entered_at_ms: 0,
    rank,
    return_rate: rate,
    picks: [{ security_id: 'KOREA-A005930', name: '삼성전자', entry_price: 100, price: 100 * (1 + rate), return_rate: rate }],
  };
}

describe('ContestList', () => {
  it('offers a visitor the login for a running contest', async () => {
    stubApi({ 'GET /main/api/v1/contests': () => ({ status: 200, body: { contests: [CONTEST] } }) });
    const login = vi.fn();
    renderWithProviders(<ContestList signedIn={false} onLogin={login} />);
    await screen.findByText('진행 중');
    expect(screen.getByText('샘플')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '로그인하고 참가하기' }));
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('enters a member with the stocks picked from the search', async () => {
    const requests = stubApi({
      'GET /main/api/v1/contests': () => ({ status: 200, body: { contests: [CONTEST] } }),
      'GET /main/api/v1/contests/7': () => ({ status: 200, body: { contest: CONTEST, mine: null } }),
      'GET /main/api/v1/search/autocomplete': () => ({
        status: 200,
        body: {
          assets: [
            { asset_id: 'INDEX-KOSPI', kind: 'index', name: '코스피', short_code: 'KOSPI' },
            { asset_id: 'KOREA-A005930', kind: 'stock', name: '삼성전자', short_code: 'A005930', market: 'kospi' },
          ],
        },
      }),
      'POST /main/api/v1/contests/7/entries': () => ({ status: 201, body: { ranker: ranker(1, 1, 0) } }),
    });
    renderWithProviders(<ContestList signedIn onLogin={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('종목 검색'), { target: { value: '삼성' } });
    const found = await screen.findByRole('list', { name: '검색된 종목' });
    await within(found).findByRole('button', { name: /삼성전자/ });
    expect(within(found).queryByText('코스피')).toBeNull();
    fireEvent.click(within(found).getByRole('button', { name: /삼성전자/ }));
    expect(within(screen.getByRole('list', { name: '고른 종목' })).getByText('삼성전자')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '참가하기' }));
    await waitFor(() => expect(requests.some((r) => r.key === 'POST /main/api/v1/contests/7/entries')).toBe(true));
    const entry = requests.find((r) => r.key === 'POST /main/api/v1/contests/7/entries');
    expect(JSON.parse(entry?.body ?? '{}')).toEqual({ security_ids: ['KOREA-A005930'] });
  });
});

describe('RunningContestRanking', () => {
  it('lists the running contest’s rankers in rank order with their returns', async () => {
    stubApi({
      'GET /main/api/v1/contests': () => ({ status: 200, body: { contests: [CONTEST] } }),
      'GET /main/api/v1/contests/7/rankers': () => ({
        status: 200,
        body: { rankers: [ranker(2, 1, 0.05), ranker(1, 2, -0.01)], total: 2 },
      }),
    });
    renderWithProviders(<RunningContestRanking />);
    const list = await screen.findByRole('list', { name: '랭킹' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1회원2삼성전자\+5\.00%$/),
      expect.stringMatching(/^2회원1삼성전자-1\.00%$/),
    ]);
  });

  it('shows 50 rankers at a time and the rest with 더보기', async () => {
    const all = Array.from({ length: 120 }, (_, i) => ranker(1_000 + i, i + 1, 0.5 - i / 1_000));
    const requests = stubApi({
      'GET /main/api/v1/contests': () => ({ status: 200, body: { contests: [CONTEST] } }),
      'GET /main/api/v1/contests/7/rankers': (request) => {
        const query = new URL(request.url, window.location.href).searchParams;
        const offset = Number(query.get('offset'));
        const limit = Number(query.get('limit'));
        return { status: 200, body: { rankers: all.slice(offset, offset + limit), total: all.length } };
      },
    });
    renderWithProviders(<RunningContestRanking />);
    const list = await screen.findByRole('list', { name: '랭킹' });
    const ranks = () => within(list).getAllByRole('link').map((row) => Number(row.querySelector('.ranking__rank')?.textContent));
    expect(ranks()).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(screen.getByText('120명 중 50명')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(ranks()).toHaveLength(100));
    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(ranks()).toHaveLength(120));
    expect(ranks()).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(screen.getByText('120명 중 120명')).toBeTruthy();
    // The last page reached: no more 더보기.
    expect(screen.queryByRole('button', { name: '더보기' })).toBeNull();
    const pages = requests
      .filter((r) => r.key === 'GET /main/api/v1/contests/7/rankers')
      .map((r) => r.url.searchParams.get('offset'));
    expect(new Set(pages)).toEqual(new Set(['0', '50', '100']));
  });

  it('shows a ranker once while a refetch moves it across a page boundary', async () => {
    // The second page is read after the ranker at the boundary moved down into it.
    const first = Array.from({ length: 50 }, (_, i) => ranker(i + 1, i + 1, 0));
    const second = [ranker(50, 51, 0), ranker(51, 52, 0)];
    stubApi({
      'GET /main/api/v1/contests': () => ({ status: 200, body: { contests: [CONTEST] } }),
      'GET /main/api/v1/contests/7/rankers': (request) => {
        const offset = Number(new URL(request.url, window.location.href).searchParams.get('offset'));
        return { status: 200, body: { rankers: offset === 0 ? first : second, total: 52 } };
      },
    });
    renderWithProviders(<RunningContestRanking />);
    const list = await screen.findByRole('list', { name: '랭킹' });
    fireEvent.click(await screen.findByRole('button', { name: '더보기' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(51));
    expect(within(list).getAllByText('회원50')).toHaveLength(1);
  });
});

describe('RankerView', () => {
  it('labels the prices 샘플 for every contest: they are always the simulator’s', async () => {
    const operators = { ...CONTEST, title: '운영 대회', sample: false };
    stubApi({
      'GET /main/api/v1/rankers/1': () => ({
        status: 200,
        body: { ranker: ranker(1, 1, 0.05), contest: operators, history: [] },
      }),
    });
    renderWithProviders(<RankerView rankerId={1} />);
    const heading = await screen.findByRole('heading', { name: /운영 대회/ });
    expect(within(heading).getByText('샘플').getAttribute('title')).toBe('시뮬레이터가 만든 샘플 시세입니다');
    expect(within(screen.getByRole('table', { name: '참가 종목' })).getByText('105')).toBeTruthy();
  });
});
