import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { closeModalsNotOn, useOpenModals, type OpenModal } from '@/components/modals/modal-store';
import type { FavoriteStockList } from '@/features/favorites/api';
import { renderWithProviders } from '@/testing/test-utils';

import { StocksEditor } from './stocks-editor';

const LIST: FavoriteStockList = {
  id: 3,
  name: '반도체',
  favorite_stocks_count: 3,
  favorite_stocks: [
    { id: 11, favorite_stock_list_id: 3, security_id: 'KOREA-A005930' },
    { id: 12, favorite_stock_list_id: 3, security_id: 'KOREA-A000660' },
    { id: 13, favorite_stock_list_id: 3, security_id: 'KOREA-A042700' },
  ],
};

let open: readonly OpenModal[] = [];
function ModalSpy() {
  const modals = useOpenModals();
  useEffect(() => {
    open = modals;
  });
  return null;
}

type Sent = { method: string; path: string; body: unknown };

function stubWrites() {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = await request.text();
      if (request.method !== 'GET') {
        sent.push({ method: request.method, path: url.pathname.replace(/^\/main/, '') + url.search, body: text ? (JSON.parse(text) as unknown) : undefined });
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify({ error: 'not_found', message: '없음' }), { status: 404 });
    }),
  );
  return sent;
}

afterEach(() => closeModalsNotOn('none'));

describe('StocksEditor', () => {
  it('sends the whole new order once per move', async () => {
    const sent = stubWrites();
    renderWithProviders(<StocksEditor list={LIST} />);
    const [first] = screen.getAllByRole('button', { name: '순서 변경' });
    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', path: '/api/favorite_stock_lists/3/favorite_stocks/order', body: { ids: [12, 11, 13] } });
  });

  it('reorders by dragging a handle (pointer events), sending the order once on release', async () => {
    const sent = stubWrites();
    // Rows 56 px tall, stacked: middles at 28, 84, 140.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
      return { top: index * 56, height: 56, bottom: index * 56 + 56, left: 0, right: 0, width: 0, x: 0, y: index * 56, toJSON: () => ({}) };
    });
    renderWithProviders(<StocksEditor list={LIST} />);
    const [first] = screen.getAllByRole('button', { name: '순서 변경' });
    fireEvent.pointerDown(first!, { clientY: 28, pointerId: 1 });
    fireEvent.pointerMove(first!, { clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(first!, { clientY: 148, pointerId: 1 });
    expect(sent).toHaveLength(0);
    fireEvent.pointerUp(first!, { clientY: 148, pointerId: 1 });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ ids: [12, 13, 11] });
  });

  it('deletes the selected stocks after the confirmation, and clears the selection', async () => {
    const sent = stubWrites();
    renderWithProviders(
      <>
        <StocksEditor list={LIST} />
        <ModalSpy />
      </>,
    );
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[2]!);
    fireEvent.click(screen.getByRole('button', { name: '삭제 (2)' }));
    const confirm = open.find((modal) => modal.type === 'confirm');
    expect(confirm?.props).toMatchObject({ message: '삭제 하시겠습니까?' });
    expect(sent).toHaveLength(0);
    act(() => (confirm?.props as { onConfirm: () => void }).onConfirm());
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: '/api/favorite_stocks?ids=11,13', body: undefined }]));
    await waitFor(() => expect(screen.getByRole('button', { name: '삭제' })).toBeTruthy());
  });
});
