// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { MAX_KEYWORD_LENGTH, normalizeKeyword } from './keyword';
import {
  MAX_RECENT_SEARCHES,
  addRecentSearch,
  isRecentSearch,
  removeRecentSearch,
} from './recent-searches';

/** `검색어1`, `검색어2`, … */
const term = (n: number) => `검색어${n}`;

describe('normalizeKeyword', () => {
  it('trims, makes runs of whitespace one space and cuts at 40 characters', () => {
    expect(normalizeKeyword('  삼성전자 ')).toBe('삼성전자');
    expect(normalizeKeyword('삼성 \t  전자')).toBe('삼성 전자');
    expect(normalizeKeyword(' \n ')).toBe('');
    expect(MAX_KEYWORD_LENGTH).toBe(40);
    expect(normalizeKeyword('가'.repeat(45))).toBe('가'.repeat(40));
    // Characters, not UTF-16 units; no trailing space left by the cut.
    expect(normalizeKeyword('😀'.repeat(41))).toBe('😀'.repeat(40));
    expect(normalizeKeyword(`${'가'.repeat(39)} 나`)).toBe('가'.repeat(39));
  });
});

describe('addRecentSearch', () => {
  it('puts the newest first and moves a term searched again to the front, once', () => {
    let terms = addRecentSearch([], term(1));
    terms = addRecentSearch(terms, term(2));
    terms = addRecentSearch(terms, term(3));
    expect(terms).toEqual([term(3), term(2), term(1)]);
    expect(addRecentSearch(terms, ` ${term(1)}  `)).toEqual([term(1), term(3), term(2)]);
  });

  it('keeps the same list for a blank term or the newest one again', () => {
    const terms = [term(1), term(2)];
    expect(addRecentSearch(terms, '   ')).toBe(terms);
    expect(addRecentSearch(terms, term(1))).toBe(terms);
  });

  it('keeps at most 10, dropping the oldest', () => {
    let terms: readonly string[] = [];
    for (let n = 1; n <= MAX_RECENT_SEARCHES + 2; n += 1) terms = addRecentSearch(terms, term(n));
    expect(MAX_RECENT_SEARCHES).toBe(10);
    expect(terms).toHaveLength(10);
    expect(terms[0]).toBe(term(12));
    expect(terms.at(-1)).toBe(term(3));
  });
});

describe('removeRecentSearch', () => {
  it('removes one term, keeping the order of the rest', () => {
    const terms = [term(1), term(2), term(3)];
    expect(removeRecentSearch(terms, term(2))).toEqual([term(1), term(3)]);
    expect(removeRecentSearch(terms, term(9))).toBe(terms);
  });
});

describe('isRecentSearch', () => {
  it('accepts normalized, non-blank terms only', () => {
    expect(isRecentSearch('삼성 전자')).toBe(true);
    for (const value of ['삼성  전자', ' 삼성', '', '가'.repeat(41), 5, null]) expect(isRecentSearch(value)).toBe(false);
  });
});
