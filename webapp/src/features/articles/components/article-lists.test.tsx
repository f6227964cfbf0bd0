import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { installIntersectionObserver } from '@/testing/intersection-observer';
import { renderWithProviders } from '@/testing/test-utils';

import type { Disclosure } from '../types';

import { DisclosureList, NewsList } from './article-lists';

const SECURITY_ID = 'KOREA-A373220';

function disclosure(n: number): Disclosure {
  return {
    id: `2026050800${String(n).padStart(4, '0')}`,
    title: `주요사항보고서 ${n}`,
    corp_name: 'LG에너지솔루션',
    filer: 'LG에너지솔루션',
    security_id: SECURITY_ID,
    received_on: '2026-05-08',
    remark: '',
    url: `https://dart.fss.or.kr/dsaf001/main.do?rcpNo=2026050800${String(n).padStart(4, '0')}`,
  };
}

/** 45 filings served 20 per page behind an opaque cursor; `failAt` pages answer 503 once. */
function stubDisclosures({ total = 45, failOnce = new Set<string>() } = {}) {
  const all = Array.from({ length: total }, (_, i) => disclosure(total - i));
  const calls: (string | null)[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    expect(url.pathname).toBe(`/main/api/v1/securities/${SECURITY_ID}/disclosures`);
    const cursor = url.searchParams.get('cursor');
    const limit = Number(url.searchParams.get('limit'));
    calls.push(cursor);
    if (failOnce.has(cursor ?? '')) {
      failOnce.delete(cursor ?? '');
      return Promise.resolve(new Response('unavailable', { status: 503 }));
    }
    const start = cursor ? Number(atob(cursor)) : 0;
    const page = all.slice(start, start + limit);
    const next = start + limit < all.length ? btoa(String(start + limit)) : null;
    return Promise.resolve(
      new Response(JSON.stringify({ disclosures: page, next_cursor: next }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

describe('DisclosureList', () => {
  it('loads 20 at a time while scrolling, then says it reached the end', async () => {
    const io = installIntersectionObserver();
    const { calls } = stubDisclosures();
    renderWithProviders(<DisclosureList securityId={SECURITY_ID} />);

    const list = await screen.findByRole('list', { name: '공시' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect(calls).toEqual([null]);

    io.intersectAll();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(40));
    io.intersectAll();
    expect(await screen.findByText('마지막 공시입니다.')).toBeDefined();
    expect(within(list).getAllByRole('link')).toHaveLength(45);
    expect(calls).toEqual([null, btoa('20'), btoa('40')]);

    // Every filing opens its DART page in a new tab.
    const first = within(list).getAllByRole('link')[0];
    expect(first?.getAttribute('href')).toBe('https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20260508000045');
    expect(first?.getAttribute('target')).toBe('_blank');
    expect(first?.getAttribute('rel')).toContain('noopener');

    // Nothing more is asked for at the end.
    io.intersectAll();
    expect(calls).toHaveLength(3);
  });

  it('shows a failed next page with a retry that loads it', async () => {
    const io = installIntersectionObserver();
    const { calls } = stubDisclosures({ failOnce: new Set([btoa('20')]) });
    renderWithProviders(<DisclosureList securityId={SECURITY_ID} />);
    await screen.findByRole('list', { name: '공시' });

    io.intersectAll();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('공시를 불러오지 못했습니다.');
    // The loaded filings stay.
    expect(screen.getAllByRole('link')).toHaveLength(20);

    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(40));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual([null, btoa('20'), btoa('20')]);
  });

  it('retries a failed first page', async () => {
    installIntersectionObserver();
    stubDisclosures({ total: 3, failOnce: new Set(['']) });
    renderWithProviders(<DisclosureList securityId={SECURITY_ID} />);
    fireEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('마지막 공시입니다.')).toBeDefined();
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('says when there is no filing', async () => {
    installIntersectionObserver();
    stubDisclosures({ total: 0 });
    renderWithProviders(<DisclosureList securityId={SECURITY_ID} />);
    expect(await screen.findByText('공시가 없습니다.')).toBeDefined();
  });
});

describe('NewsList', () => {
  it('opens news in a new tab and shows the publisher', async () => {
    installIntersectionObserver();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              news: [
                {
                  id: 7,
                  title: 'LG엔솔, 북미 공장 증설',
                  summary: '요약',
                  url: 'https://news.example/7',
                  publisher: '시세경제',
                  published_at: Date.UTC(2026, 4, 8, 1, 0),
                  security_ids: [SECURITY_ID],
                },
              ],
              next_cursor: null,
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    renderWithProviders(<NewsList securityId={SECURITY_ID} />);
    const link = await screen.findByRole('link', { name: /LG엔솔, 북미 공장 증설/ });
    expect(link.getAttribute('href')).toBe('https://news.example/7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain('시세경제');
    expect(screen.getByText('마지막 뉴스입니다.')).toBeDefined();
  });
});
