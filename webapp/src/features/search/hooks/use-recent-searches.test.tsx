import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import {
  RECENT_SEARCHES_STORAGE_KEY,
  clearRecentSearches,
  recordRecentSearch,
  removeRecentSearch,
  useRecentSearches,
} from './use-recent-searches';

const stored = (): unknown => JSON.parse(localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY) ?? 'null');

/** Another tab wrote the storage: it changes, and this page hears a `storage` event. */
function writeFromAnotherTab(key: string | null, value: string | null) {
  if (key === null) localStorage.clear();
  else if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  });
}

function RecentTerms() {
  return <p>{useRecentSearches().join('|')}</p>;
}

describe('recent searches store', () => {
  it('persists searches newest first, each once, trimmed', () => {
    recordRecentSearch('삼성');
    recordRecentSearch(' 하이닉스 ');
    recordRecentSearch('삼성');
    recordRecentSearch('   ');
    expect(stored()).toEqual(['삼성', '하이닉스']);
  });

  it('removes one term, or all of them', () => {
    const { result } = renderHook(() => useRecentSearches());
    act(() => {
      recordRecentSearch('삼성');
      recordRecentSearch('카카오');
      recordRecentSearch('현대차');
    });
    expect(result.current).toEqual(['현대차', '카카오', '삼성']);
    act(() => removeRecentSearch('카카오'));
    expect(result.current).toEqual(['현대차', '삼성']);
    expect(stored()).toEqual(['현대차', '삼성']);
    act(() => clearRecentSearches());
    expect(result.current).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('keeps the newest 10', () => {
    for (let n = 1; n <= 12; n += 1) recordRecentSearch(`종목${n}`);
    const { result } = renderHook(() => useRecentSearches());
    expect(result.current).toHaveLength(10);
    expect(result.current[0]).toBe('종목12');
    expect(result.current.at(-1)).toBe('종목3');
  });

  it('reads a corrupt value as an empty list, and writes over it', () => {
    localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, '{not json');
    const { result } = renderHook(() => useRecentSearches());
    expect(result.current).toEqual([]);
    act(() => recordRecentSearch('삼성'));
    expect(result.current).toEqual(['삼성']);
    expect(stored()).toEqual(['삼성']);
  });

  it('gives the same array between changes', () => {
    recordRecentSearch('삼성');
    const { result, rerender } = renderHook(() => useRecentSearches());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('follows changes made in another tab', () => {
    const { result } = renderHook(() => useRecentSearches());
    writeFromAnotherTab(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify(['네이버', '삼성']));
    expect(result.current).toEqual(['네이버', '삼성']);
    writeFromAnotherTab('some-other-key', 'x');
    expect(result.current).toEqual(['네이버', '삼성']);
    writeFromAnotherTab(null, null);
    expect(result.current).toEqual([]);
  });

  it('renders no list on the server', () => {
    recordRecentSearch('삼성');
    expect(renderToString(<RecentTerms />)).toBe('<p></p>');
  });
});
