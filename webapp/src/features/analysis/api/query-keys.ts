// Query-key factory of the analysis feature: analysis → statements → (security, term).
import type { StatementTerm } from '../types';

export const analysisKeys = {
  all: ['analysis'] as const,
  statementLists: () => [...analysisKeys.all, 'statements'] as const,
  statements: (securityId: string, term: StatementTerm) =>
    [...analysisKeys.statementLists(), securityId, term] as const,
};
