import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import type { Move } from '@/features/charts/types';

import { boardSummary, moveTimeLabel } from './move-labels';
import MoveSheet from './move-sheet';

const SAMSUNG = 'KOREA-A005930';
// 2026-11-27 10:32 and 10:41 KST.
const START = Date.UTC(2026, 10, 27, 1, 32);
const END = Date.UTC(2026, 10, 27, 1, 41);

function move(overrides: Partial<Move> = {}): Move {
  return {
    date: '2026-11-27',
    start: START,
    end: END,
    from_price: 100_000,
    to_price: 104_250,
    change_rate: 4.25,
    disclosures: [
      {
        id: '20261127000123',
        title: '단일판매ㆍ공급계약체결',
        corp_name: '삼성전자',
        filer: '삼성전자',
        security_id: SAMSUNG,
        received_on: '2026-11-27',
        remark: '유',
        url: 'https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20261127000123',
      },
    ],
    news: [],
    board: { from: START - 3_600_000, until: END + 3_600_000, posts: 12, usual_posts: 3, ratio: 4, covered: true },
    news_from: START - 3 * 3_600_000,
    news_until: END + 3_600_000,
    disclosures_from: '2026-11-26',
    disclosures_to: '2026-11-27',
    ...overrides,
  };
}

describe('MoveSheet', () => {
  it('shows the move with its disclosures, news and board, and says when a section is empty', () => {
    const close = vi.fn();
    renderWithProviders(<MoveSheet securityId={SAMSUNG} name="삼성전자" intraday move={move()} close={close} />);
    const sheet = screen.getByTestId('move-sheet');
    expect(within(sheet).getByRole('heading', { name: '왜 움직였을까?' })).toBeTruthy();
    expect(sheet.textContent).toContain('10:32–10:41');
    expect(sheet.textContent).toContain('+4.25%');
    expect(sheet.textContent).toContain('100,000원 → 104,250원');

    const disclosures = within(sheet).getByRole('region', { name: '공시' });
    const filing = within(disclosures).getByRole('link', { name: /단일판매ㆍ공급계약체결/ });
    expect(filing.getAttribute('href')).toBe('https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20261127000123');
    expect(within(sheet).getByRole('region', { name: '뉴스' }).textContent).toContain('이 무렵의 뉴스가 없습니다.');
    const board = within(sheet).getByRole('region', { name: '토론' });
    expect(board.textContent).toContain('게시글 12개 · 평소의 4배');
    expect(within(board).getByRole('link', { name: '토론 보기' }).getAttribute('href')).toBe(
      `/m/stocks/${SAMSUNG}/debates`,
    );

    fireEvent.click(within(sheet).getByRole('button', { name: '닫기' }));
    expect(close).toHaveBeenCalledOnce();
  });

  it('lists news and says when there were no filings', () => {
    const news = {
      id: 7,
      title: '삼성전자, 신규 수주 소식에 강세',
      summary: '',
      url: 'https://news.example.com/7',
      publisher: '예시일보',
      published_at: START - 60_000,
      security_ids: [SAMSUNG],
    };
    renderWithProviders(
      <MoveSheet
        securityId={SAMSUNG}
        name="삼성전자"
        intraday={false}
        move={move({ disclosures: [], news: [news], change_rate: -3.1, to_price: 96_900 })}
        close={() => undefined}
      />,
    );
    const sheet = screen.getByTestId('move-sheet');
    expect(sheet.textContent).toContain('2026.11.27');
    expect(sheet.textContent).toContain('-3.10%');
    expect(within(sheet).getByRole('region', { name: '공시' }).textContent).toContain('공시가 없습니다');
    expect(within(sheet).getByRole('link', { name: /신규 수주 소식/ }).getAttribute('href')).toBe(news.url);
  });
});

describe('move labels', () => {
  it('words the board against its usual rate', () => {
    const board = move().board;
    expect(boardSummary(board)).toBe('게시글 12개 · 평소의 4배');
    expect(boardSummary({ ...board, ratio: 2.46 })).toBe('게시글 12개 · 평소의 2.5배');
    expect(boardSummary({ ...board, ratio: null })).toBe('게시글 12개 · 평소에는 글이 거의 없었습니다');
    expect(boardSummary({ ...board, posts: 0 })).toBe('이 무렵 올라온 게시글이 없습니다.');
    expect(boardSummary({ ...board, covered: false })).toContain('최근 7일');
  });

  it('words the time of a move', () => {
    expect(moveTimeLabel(move(), true)).toBe('10:32–10:41');
    expect(moveTimeLabel(move({ end: START }), true)).toBe('10:32');
    expect(moveTimeLabel(move(), false)).toBe('2026.11.27');
  });
});
