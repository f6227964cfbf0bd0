import { act, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createPersistedList, parsePersistedList } from './persisted-list';

const KEY = 'sise.test-list.v1';
/** Items are lower-case words. */
const isWord = (value: unknown): value is string => typeof value === 'string' && /^[a-z]+$/.test(value);
const MAX = 3;

/** A fresh list under KEY (each test its own, as each feature has its own at module level). */
function createList(afterUpdate?: (list: readonly string[]) => void) {
  return createPersistedList({ key: KEY, isItem: isWord, max: MAX, afterUpdate });
}

/** Puts `word` first, as the features' rules do. */
const push = (word: string) => (list: readonly string[]) => [word, ...list];

const stored = (): unknown => JSON.parse(localStorage.getItem(KEY) ?? 'null');

/** Another tab wrote the storage: it changes, and this page hears a `storage` event. */
function writeFromAnotherTab(key: string | null, value: string | null) {
  if (key === null) localStorage.clear();
  else if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parsePersistedList', () => {
  it('reads a stored list', () => {
    expect(parsePersistedList(JSON.stringify(['b', 'a']), isWord, MAX)).toEqual(['b', 'a']);
  });

  it('gives an empty list for nothing or anything unreadable', () => {
    for (const raw of [null, '', 'not json', '{"list":["a"]}', '"a"', 'null', '42']) {
      expect(parsePersistedList(raw, isWord, MAX)).toEqual([]);
    }
  });

  it('keeps the valid items of a foreign or hand-edited list, each once, at most `max`', () => {
    const mixed = ['a', 5, '', 'B', null, 'b', 'a', { item: 'c' }];
    expect(parsePersistedList(JSON.stringify(mixed), isWord, MAX)).toEqual(['a', 'b']);
    expect(parsePersistedList(JSON.stringify(['a', 'b', 'c', 'd', 'e']), isWord, MAX)).toEqual(['a', 'b', 'c']);
  });
});

describe('createPersistedList', () => {
  it('stores each change, and keeps every component in step', () => {
    const list = createList();
    function Items() {
      return <p data-testid="items">{list.useList().join(' ')}</p>;
    }
    render(
      <>
        <Items />
        <Items />
      </>,
    );
    act(() => list.update(push('a')));
    act(() => list.update(push('b')));
    const shown = screen.getAllByTestId('items').map((p) => p.textContent);
    expect(shown).toEqual(['b a', 'b a']);
    expect(stored()).toEqual(['b', 'a']);
  });

  it('changes nothing when the update gives back the same array, but still calls afterUpdate', () => {
    const afterUpdate = vi.fn();
    const list = createList(afterUpdate);
    const listener = vi.fn();
    list.subscribe(listener);
    list.update((items) => items);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(listener).not.toHaveBeenCalled();
    expect(afterUpdate).toHaveBeenCalledWith([]);
    list.update(push('a'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(afterUpdate).toHaveBeenLastCalledWith(['a']);
  });

  it('reads a corrupt or foreign value as what it can of a list, and writes over it', () => {
    localStorage.setItem(KEY, '{not json');
    const list = createList();
    const { result } = renderHook(() => list.useList());
    expect(result.current).toEqual([]);
    act(() => list.update(push('a')));
    expect(result.current).toEqual(['a']);
    expect(stored()).toEqual(['a']);
  });

  it('gives the same array between changes', () => {
    const list = createList();
    list.update(push('a'));
    const { result, rerender } = renderHook(() => list.useList());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(list.read()).toBe(first);
  });

  it('follows changes made in another tab', () => {
    const list = createList();
    const { result } = renderHook(() => list.useList());
    writeFromAnotherTab(KEY, JSON.stringify(['c', 'a']));
    expect(result.current).toEqual(['c', 'a']);
    writeFromAnotherTab('some-other-key', 'x');
    expect(result.current).toEqual(['c', 'a']);
    writeFromAnotherTab(null, null);
    expect(result.current).toEqual([]);
  });

  it('renders no list on the server, so a prerendered page hydrates as it was rendered', () => {
    const list = createList();
    list.update(push('a'));
    function Items() {
      return <p>{list.useList().join(' ')}</p>;
    }
    expect(renderToString(<Items />)).toBe('<p></p>');
  });

  it('keeps the list in memory where storage cannot be used', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const list = createList();
    list.update(push('a'));
    list.update(push('b'));
    expect(list.read()).toEqual(['b', 'a']);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
