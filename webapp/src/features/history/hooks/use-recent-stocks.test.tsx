import { act, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import {
  RECENT_STOCKS_COOKIE,
  RECENT_STOCKS_STORAGE_KEY,
  recordRecentStock,
  removeRecentStocks,
  useRecentStockIds,
  useRecordRecentStock,
} from './use-recent-stocks';

const SAMSUNG = 'KOREA-A005930';
const HYNIX = 'KOREA-A000660';
const NAVER = 'KOREA-A035420';

const stored = () => localStorage.getItem(RECENT_STOCKS_STORAGE_KEY);
const cookie = () =>
  document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${RECENT_STOCKS_COOKIE}=`))
    ?.slice(RECENT_STOCKS_COOKIE.length + 1);

/** Another tab wrote the storage: it changes, and this page hears a `storage` event. */
function writeFromAnotherTab(key: string | null, value: string | null) {
  if (key === null) localStorage.clear();
  else if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  });
}

function RecentIds() {
  return <p data-testid="ids">{useRecentStockIds().join(' ')}</p>;
}

describe('recent stocks store', () => {
  it('persists views newest first and mirrors them into the cookie as short codes', () => {
    recordRecentStock(SAMSUNG);
    recordRecentStock(HYNIX);
    recordRecentStock(SAMSUNG);
    expect(JSON.parse(stored() ?? 'null')).toEqual([SAMSUNG, HYNIX]);
    expect(cookie()).toBe('A005930,A000660');
  });

  it('lets only ids of two dash-separated parts in', () => {
    recordRecentStock('A005930');
    recordRecentStock('KOREA-A-005930');
    expect(stored()).toBeNull();
    expect(cookie()).toBeUndefined();
  });

  it('removes by ids, and deletes the cookie once the list is empty', () => {
    for (const id of [SAMSUNG, HYNIX, NAVER]) recordRecentStock(id);
    removeRecentStocks([HYNIX, SAMSUNG]);
    expect(JSON.parse(stored() ?? 'null')).toEqual([NAVER]);
    expect(cookie()).toBe('A035420');
    removeRecentStocks([NAVER]);
    expect(JSON.parse(stored() ?? 'null')).toEqual([]);
    expect(cookie()).toBeUndefined();
  });

  it('reads a corrupt or foreign value as what it can of a list, and writes over it', () => {
    localStorage.setItem(RECENT_STOCKS_STORAGE_KEY, '{not json');
    const { result } = renderHook(() => useRecentStockIds());
    expect(result.current).toEqual([]);
    act(() => recordRecentStock(SAMSUNG));
    expect(result.current).toEqual([SAMSUNG]);
    expect(JSON.parse(stored() ?? 'null')).toEqual([SAMSUNG]);
  });

  it('keeps every component in step, with the same array between changes', () => {
    render(
      <>
        <RecentIds />
        <RecentIds />
      </>,
    );
    act(() => recordRecentStock(SAMSUNG));
    act(() => recordRecentStock(HYNIX));
    const shown = screen.getAllByTestId('ids').map((p) => p.textContent);
    expect(shown).toEqual([`${HYNIX} ${SAMSUNG}`, `${HYNIX} ${SAMSUNG}`]);

    const { result, rerender } = renderHook(() => useRecentStockIds());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('follows changes made in another tab', () => {
    const { result } = renderHook(() => useRecentStockIds());
    writeFromAnotherTab(RECENT_STOCKS_STORAGE_KEY, JSON.stringify([NAVER, SAMSUNG]));
    expect(result.current).toEqual([NAVER, SAMSUNG]);
    writeFromAnotherTab('some-other-key', 'x');
    expect(result.current).toEqual([NAVER, SAMSUNG]);
    writeFromAnotherTab(null, null);
    expect(result.current).toEqual([]);
  });

  it('renders no list on the server, so a prerendered page hydrates as it was rendered', () => {
    recordRecentStock(SAMSUNG);
    expect(renderToString(<RecentIds />)).toBe('<p data-testid="ids"></p>');
  });

  it('records a view in an effect, once the id is known', () => {
    const { rerender } = renderHook(({ id }: { id: string | undefined }) => useRecordRecentStock(id), {
      initialProps: { id: undefined as string | undefined },
    });
    expect(stored()).toBeNull();
    rerender({ id: HYNIX });
    expect(JSON.parse(stored() ?? 'null')).toEqual([HYNIX]);
  });
});
