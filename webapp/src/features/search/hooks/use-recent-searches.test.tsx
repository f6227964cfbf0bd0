import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  RECENT_SEARCHES_STORAGE_KEY,
  clearRecentSearches,
  recordRecentSearch,
  removeRecentSearch,
  useRecentSearches,
} from './use-recent-searches';

const stored = (): unknown => JSON.parse(localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY) ?? 'null');

// Storage, other tabs and the server render: lib/persisted-list.test.tsx.
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

  it('reads only the normalized terms of what is stored', () => {
    localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify([' 삼성 ', '카카오', '', '카카오', 7]));
    const { result } = renderHook(() => useRecentSearches());
    expect(result.current).toEqual(['카카오']);
  });
});
