// The statement term lives in the URL (`/analysis?term=yearly`), so it survives
// reload and back/forward moves between the two tables.
import type { StatementTerm } from '../types';

export const STATEMENT_TERM_PARAM = 'term';
export const DEFAULT_STATEMENT_TERM: StatementTerm = 'quarterly';

export const STATEMENT_TERM_LABELS: Record<StatementTerm, string> = {
  quarterly: '분기',
  yearly: '연간',
};

/** The term of a URL search value; anything else is the default (분기). */
export function parseStatementTerm(value: string | null | undefined): StatementTerm {
  return value === 'yearly' || value === 'quarterly' ? value : DEFAULT_STATEMENT_TERM;
}

/** `?term=…` for a term; the default term has no parameter. */
export function statementTermSearch(term: StatementTerm): string {
  return term === DEFAULT_STATEMENT_TERM ? '' : `?${STATEMENT_TERM_PARAM}=${term}`;
}

/** `2026Q1` → `2026.1Q`; a year stays as it is. */
export function formatPeriod(period: string): string {
  const match = /^(\d{4})Q([1-4])$/.exec(period);
  return match ? `${match[1]}.${match[2]}Q` : period;
}

/** A short period label for chart axes: `2026Q1` → `26.1Q`; a year stays as it is. */
export function formatShortPeriod(period: string): string {
  const match = /^\d{2}(\d{2})Q([1-4])$/.exec(period);
  return match ? `${match[1]}.${match[2]}Q` : period;
}
