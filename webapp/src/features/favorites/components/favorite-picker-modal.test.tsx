import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { closeModalsNotOn, useOpenModals } from '@/components/modals/modal-store';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import type { FavoriteStock, FavoriteStockLists } from '../api';
import { favoriteKeys } from '../queries';

import FavoriteGroupPickerModal from './favorite-picker-modal';

const SECURITY_ID = 'KOREA-A005930';

function lists(...groups: [id: number, name: string, count: number][]): FavoriteStockLists {
  return {
    favorite_stock_lists: groups.map(([id, name, count]) => ({ id, name, favorite_stocks_count: count, favorite_stocks: [] })),
    max_lists: 20,
    max_stocks_per_list: 100,
  };
}

/** The alerts opened (the modal host is not rendered here). */
function Alerts() {
  const modals = useOpenModals();
  return (
    <ul data-testid="alerts">
      {modals.map((modal) => (
        <li key={modal.id}>{modal.type === 'alert' ? modal.props.message : modal.type}</li>
      ))}
    </ul>
  );
}

type Sent = { method: string; path: string; body: unknown };

/** fetch answering writes with `answer`, reads with the seeded data again; records what was sent. */
function stubApi(answer: (sent: Sent) => { status: number; body?: unknown }, data: { lists: FavoriteStockLists; holding: FavoriteStock[] }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = await request.text();
      const entry = { method: request.method, path: url.pathname.replace(/^\/main/, '') + url.search, body: text ? (JSON.parse(text) as unknown) : undefined };
      let reply: { status: number; body?: unknown };
      if (request.method === 'GET') {
        reply = { status: 200, body: url.pathname.endsWith('favorite_stock_lists') ? data.lists : { favorite_stocks: data.holding } };
      } else {
        sent.push(entry);
        reply = answer(entry);
      }
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

function renderPicker(data: { lists: FavoriteStockLists; holding: FavoriteStock[] }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(favoriteKeys.lists(), data.lists);
  queryClient.setQueryData(favoriteKeys.ofSecurity(SECURITY_ID), data.holding);
  renderWithProviders(
    <>
      <FavoriteGroupPickerModal securityId={SECURITY_ID} close={() => undefined} />
      <Alerts />
    </>,
    { queryClient },
  );
}

const group = (name: string) => screen.getByRole('checkbox', { name: new RegExp(name) });

afterEach(() => {
  closeModalsNotOn('none');
});

describe('FavoriteGroupPickerModal', () => {
  it('adds to an unregistered group at once and sends one request for rapid taps', async () => {
    const data = { lists: lists([1, '반도체', 3]), holding: [] };
    const sent = stubApi(() => ({ status: 201, body: { favorite_stock: { id: 9, favorite_stock_list_id: 1, security_id: SECURITY_ID } } }), data);
    renderPicker(data);
    fireEvent.click(group('반도체'));
    expect(group('반도체').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(group('반도체'));
    fireEvent.click(group('반도체'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', path: '/api/favorite_stocks', body: { security_id: SECURITY_ID, favorite_stock_list_id: 1 } });
    expect(group('반도체').getAttribute('aria-checked')).toBe('true');
  });

  it('removes from a registered group', async () => {
    const data = { lists: lists([1, '반도체', 3]), holding: [{ id: 9, favorite_stock_list_id: 1, security_id: SECURITY_ID }] };
    const sent = stubApi(() => ({ status: 204 }), data);
    renderPicker(data);
    expect(group('반도체').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(group('반도체'));
    expect(group('반도체').getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: '/api/favorite_stocks?ids=9', body: undefined }]));
  });

  it('rolls back and says why when the server refuses', async () => {
    const data = { lists: lists([1, '반도체', 3]), holding: [] };
    stubApi(() => ({ status: 409, body: { error: 'list_full', message: '관심그룹에는 100개까지 담을 수 있습니다.' } }), data);
    renderPicker(data);
    fireEvent.click(group('반도체'));
    expect(group('반도체').getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('alerts').textContent).toContain('관심그룹에는 100개까지 담을 수 있습니다.'));
    expect(group('반도체').getAttribute('aria-checked')).toBe('false');
  });

  it('disables a full group with its reason', () => {
    const data = { lists: lists([1, '가득', 100]), holding: [] };
    stubApi(() => ({ status: 500 }), data);
    renderPicker(data);
    expect((group('가득') as HTMLButtonElement).disabled).toBe(true);
    expect(group('가득').textContent).toContain('관심그룹에는 100개까지 담을 수 있습니다.');
  });

  it('shows the placeholder 관심그룹 without groups; its first add makes it real', async () => {
    const data = { lists: lists(), holding: [] };
    const sent = stubApi(() => ({ status: 201, body: { favorite_stock: { id: 1, favorite_stock_list_id: 5, security_id: SECURITY_ID } } }), data);
    renderPicker(data);
    fireEvent.click(group('관심그룹'));
    await waitFor(() => expect(sent).toHaveLength(1));
    // No list id: the server makes 관심그룹.
    expect(sent[0]?.body).toEqual({ security_id: SECURITY_ID });
  });

  it('makes a new group holding the stock (default name 관심그룹, too long refused)', async () => {
    const data = { lists: lists([1, '반도체', 3]), holding: [] };
    const sent = stubApi(() => ({ status: 201, body: { favorite_stock_list: { id: 2, name: '관심그룹', favorite_stocks_count: 1, favorite_stocks: [] } } }), data);
    renderPicker(data);
    fireEvent.click(screen.getByRole('button', { name: '+ 새 그룹' }));
    const input = screen.getByLabelText<HTMLInputElement>('새 그룹 이름');
    expect(input.maxLength).toBe(12);
    fireEvent.change(input, { target: { value: '가나다라마바사아자차카타파하' } });
    expect(input.value).toBe('가나다라마바사아자차카타');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/favorite_stock_lists/construct',
      body: { name: '관심그룹', security_ids: SECURITY_ID },
    });
  });

  it('shows the group it made checked at once, before the holdings are asked again', async () => {
    const made = {
      id: 2,
      name: '메모리',
      favorite_stocks_count: 1,
      favorite_stocks: [{ id: 9, favorite_stock_list_id: 2, security_id: SECURITY_ID }],
    };
    const after = { ...lists([1, '반도체', 3]), favorite_stock_lists: [...lists([1, '반도체', 3]).favorite_stock_lists, made] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (request.method === 'POST') return Response.json({ favorite_stock_list: made }, { status: 201 });
        // The groups answer at once with the new one; the holdings never do (still asking).
        if (url.pathname.endsWith('favorite_stock_lists')) return Response.json(after);
        return new Promise<Response>(() => undefined);
      }),
    );
    renderPicker({ lists: lists([1, '반도체', 3]), holding: [] });
    fireEvent.click(screen.getByRole('button', { name: '+ 새 그룹' }));
    fireEvent.change(screen.getByLabelText('새 그룹 이름'), { target: { value: '메모리' } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    // The first time it shows, checked.
    const shown = await screen.findByRole('checkbox', { name: /메모리/ });
    expect(shown.getAttribute('aria-checked')).toBe('true');
    expect(group('반도체').getAttribute('aria-checked')).toBe('false');
  });
});
