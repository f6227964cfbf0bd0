// Query keys of everything loaded about one security, under one root per security
// (TkDodo's hierarchy, following the API paths /securities/{id}/…). One
// `invalidateQueries({ queryKey: securityKeys.detail(id) })` reaches that stock's
// security, candles, company data, statements, investors, traders, related stocks and
// articles, whichever feature loaded them, and no other stock's. It lives in lib/
// because features may not import each other. Lists of several securities or of
// assets (`/quotes?security_ids=`, `/assets?ids=`) belong to no one security: their
// features keep their own keys.
import type { QueryFilters, QueryKey } from '@tanstack/react-query';

/**
 * Which query of a list endpoint: its page size and, for an infinite query, `infinite`
 * (its cached data are pages, so it must not share a key with the plain query).
 */
export type ListFilters = { limit: number; infinite?: true };

const RELATED_STOCKS = 'related-stocks';

export const securityKeys = {
  all: ['securities'] as const,
  /** GET /securities/{id}; also the root of every other query about that security. */
  detail: (securityId: string) => [...securityKeys.all, securityId] as const,
  dayCandles: (securityId: string, filters: ListFilters) =>
    [...securityKeys.detail(securityId), 'day-candles', filters] as const,
  minuteCandles: (securityId: string) => [...securityKeys.detail(securityId), 'minute-candles'] as const,
  /** "Why it moved": the largest moves of a chart period (`1d`, `1w`, …). */
  moves: (securityId: string, period: string) => [...securityKeys.detail(securityId), 'moves', period] as const,
  company: (securityId: string) => [...securityKeys.detail(securityId), 'company'] as const,
  financialStatements: (securityId: string, term: string) =>
    [...securityKeys.detail(securityId), 'financial-statements', term] as const,
  investors: (securityId: string, filters: ListFilters) =>
    [...securityKeys.detail(securityId), 'investors', filters] as const,
  dayTraders: (securityId: string, filters: ListFilters) =>
    [...securityKeys.detail(securityId), 'day-traders', filters] as const,
  recentTrader: (securityId: string) => [...securityKeys.detail(securityId), 'recent-trader'] as const,
  relatedStocks: (securityId: string, filters: { limit: number }) =>
    [...securityKeys.detail(securityId), RELATED_STOCKS, filters] as const,
  articles: (securityId: string, filters: ListFilters) =>
    [...securityKeys.detail(securityId), 'articles', filters] as const,
  etfAnalysis: (securityId: string) => [...securityKeys.detail(securityId), 'etf-analysis'] as const,
  etfComponents: (securityId: string, filters: { limit: number }) =>
    [...securityKeys.detail(securityId), 'etf-components', filters] as const,
  etfValues: (securityId: string, filters: { limit: number }) =>
    [...securityKeys.detail(securityId), 'etf-values', filters] as const,
  news: (securityId: string, filters: ListFilters) => [...securityKeys.detail(securityId), 'news', filters] as const,
  disclosures: (securityId: string, filters: ListFilters) =>
    [...securityKeys.detail(securityId), 'disclosures', filters] as const,
};

/** Every security's related-stock lists: the live quote stream writes into them. */
export const everyRelatedStockList = {
  queryKey: securityKeys.all,
  predicate: (query: { queryKey: QueryKey }) => query.queryKey[2] === RELATED_STOCKS,
} satisfies QueryFilters;

/**
 * Insight articles (features/insight). Under lib/ because the community's comments and
 * reactions (features/social) change an article's counts: they invalidate its detail here.
 */
export const insightKeys = {
  all: ['insight-articles'] as const,
  lists: () => [...insightKeys.all, 'list'] as const,
  list: (name: string, filters: Record<string, string | number>) => [...insightKeys.lists(), name, filters] as const,
  details: () => [...insightKeys.all, 'detail'] as const,
  detail: (articleId: number) => [...insightKeys.details(), articleId] as const,
  contributor: (contributorId: number) => [...insightKeys.all, 'contributor', contributorId] as const,
};

/**
 * The roots of the queries whose answers depend on who asks: the member's profile and settings
 * (`users`), the community's (`my_emotion`, `is_mine`, the member's own posts and comments), the
 * member's favorite groups and hearts, a contest's `mine`, an insight article's `my_emotion`.
 * When the session's member changes (another member signs in, or the member signs out or
 * leaves) these are dropped, not only read again, so that no one sees another's answers
 * meanwhile (features/identity/member-cache.ts). Each of these features keys its queries under
 * one of them (app/query-keys.test.ts).
 */
export const MEMBER_QUERY_ROOTS: readonly string[] = ['users', 'social', 'favorites', 'contests', insightKeys.all[0]];

/** Whether a query's answer depends on who asks (`MEMBER_QUERY_ROOTS`). */
export function isMemberQuery(query: { queryKey: QueryKey }): boolean {
  const root = query.queryKey[0];
  return typeof root === 'string' && MEMBER_QUERY_ROOTS.includes(root);
}
