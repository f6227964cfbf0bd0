// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { formatPeriod, formatShortPeriod, parseStatementTerm, statementTermSearch } from './statement-term';

describe('statement term in the URL', () => {
  it('parses the term, defaulting to quarterly', () => {
    expect(parseStatementTerm('yearly')).toBe('yearly');
    expect(parseStatementTerm('quarterly')).toBe('quarterly');
    expect(parseStatementTerm('monthly')).toBe('quarterly');
    expect(parseStatementTerm(null)).toBe('quarterly');
  });

  it('writes the term back, leaving the default out', () => {
    expect(statementTermSearch('yearly')).toBe('?term=yearly');
    expect(statementTermSearch('quarterly')).toBe('');
    expect(parseStatementTerm(new URLSearchParams(statementTermSearch('yearly')).get('term'))).toBe('yearly');
  });

  it('formats periods', () => {
    expect(formatPeriod('2026Q1')).toBe('2026.1Q');
    expect(formatPeriod('2025')).toBe('2025');
    expect(formatShortPeriod('2026Q1')).toBe('26.1Q');
    expect(formatShortPeriod('2025')).toBe('2025');
  });
});
