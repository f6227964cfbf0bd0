import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { recordRecentStock, useRecentStockIds } from '../hooks/use-recent-stocks';

import { RecentStocksEditor } from './recent-stocks-editor';

const NAMES: Record<string, string> = {
  'KOREA-A005930': '삼성전자',
  'KOREA-A000660': 'SK하이닉스',
  'KOREA-A035420': 'NAVER',
};

/** The editor over the stored list, as its screen shows it. */
function Editor() {
  const ids = useRecentStockIds();
  return <RecentStocksEditor stocks={ids.map((securityId) => ({ securityId, name: NAMES[securityId] ?? null }))} />;
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const listed = () =>
  screen
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent)
    .filter((label) => label !== '전체 선택');

beforeEach(() => {
  // Viewed in this order: newest first is NAVER, SK하이닉스, 삼성전자.
  for (const id of ['KOREA-A005930', 'KOREA-A000660', 'KOREA-A035420']) recordRecentStock(id);
});

describe('RecentStocksEditor', () => {
  it('lists the stocks newest first, nothing selected', () => {
    render(<Editor />);
    expect(listed()).toEqual(['NAVER', 'SK하이닉스', '삼성전자']);
    expect(screen.getByText('0개 선택')).toBeDefined();
    expect(button('삭제').disabled).toBe(true);
    expect(button('선택 해제').disabled).toBe(true);
  });

  it('deletes the selected stocks, then clears the selection', () => {
    render(<Editor />);
    fireEvent.click(checkbox('SK하이닉스'));
    fireEvent.click(checkbox('NAVER'));
    expect(screen.getByText('2개 선택')).toBeDefined();

    fireEvent.click(button('삭제'));

    expect(listed()).toEqual(['삼성전자']);
    expect(checkbox('삼성전자').checked).toBe(false);
    expect(screen.getByText('0개 선택')).toBeDefined();
    expect(button('삭제').disabled).toBe(true);
    // Removed from the stored list, not only from the screen.
    expect(JSON.parse(localStorage.getItem('sise.recent-stocks.v1') ?? 'null')).toEqual(['KOREA-A005930']);
  });

  it('clears the selection without deleting', () => {
    render(<Editor />);
    fireEvent.click(checkbox('삼성전자'));
    fireEvent.click(button('선택 해제'));
    expect(checkbox('삼성전자').checked).toBe(false);
    expect(listed()).toEqual(['NAVER', 'SK하이닉스', '삼성전자']);
  });

  it('selects all, or none once all are selected', () => {
    render(<Editor />);
    fireEvent.click(checkbox('전체 선택'));
    expect(screen.getByText('3개 선택')).toBeDefined();
    expect(checkbox('전체 선택').checked).toBe(true);

    // Unticking one unticks 전체 선택; ticking it again selects all.
    fireEvent.click(checkbox('NAVER'));
    expect(checkbox('전체 선택').checked).toBe(false);
    fireEvent.click(checkbox('전체 선택'));
    expect(screen.getByText('3개 선택')).toBeDefined();

    fireEvent.click(checkbox('전체 선택'));
    expect(screen.getByText('0개 선택')).toBeDefined();
  });

  it('says the list is empty once everything is deleted', () => {
    render(<Editor />);
    fireEvent.click(checkbox('전체 선택'));
    fireEvent.click(button('삭제'));
    expect(screen.getByText('최근 본 종목이 없습니다.')).toBeDefined();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
