// @vitest-environment node
// The key root of lib/query-keys.ts across features: only app/ may import every feature,
// so the test that one invalidation reaches all of them lives here.
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { getArticlesInfiniteQueryOptions, getLatestArticlesQueryOptions } from '@/features/articles/api/get-articles';
import { getDisclosuresInfiniteQueryOptions } from '@/features/articles/api/get-disclosures';
import { getNewsInfiniteQueryOptions } from '@/features/articles/api/get-news';
import { getDayCandlesInfiniteQueryOptions, getDayCandlesQueryOptions } from '@/features/charts/api/get-day-candles';
import { getMinuteCandlesQueryOptions } from '@/features/charts/api/get-minute-candles';
import { getCompanyQueryOptions } from '@/features/company/api/get-company';
import { getDayTradersInfiniteQueryOptions } from '@/features/company/api/get-day-traders';
import { getFinancialStatementsQueryOptions } from '@/features/company/api/get-financial-statements';
import {
  getInvestorsInfiniteQueryOptions,
  getLatestInvestorQueryOptions,
} from '@/features/company/api/get-investors';
import { getRecentTraderQueryOptions } from '@/features/company/api/get-recent-trader';
import { contestKeys } from '@/features/contests/api/query-keys';
import { favoriteKeys } from '@/features/favorites/queries';
import { userKeys } from '@/features/identity/queries';
import { getQuotesQueryOptions } from '@/features/securities/api/get-quotes';
import { getRelatedStocksQueryOptions } from '@/features/securities/api/get-related-stocks';
import { getSecurityQueryOptions } from '@/features/securities/api/get-security';
import { socialKeys } from '@/features/social/api/query-keys';
import { DAY_CANDLES_FOR_CHART } from '@/lib/chart-data';
import { MEMBER_QUERY_ROOTS, insightKeys, isMemberQuery, securityKeys } from '@/lib/query-keys';
import { createTestQueryClient } from '@/testing/test-utils';

const SAMSUNG = 'KOREA-A005930';
const HYNIX = 'KOREA-A000660';

/** The key of every query the stock page makes about one security, by feature. */
function keysOf(securityId: string): Record<string, QueryKey[]> {
  return {
    securities: [getSecurityQueryOptions(securityId).queryKey, getRelatedStocksQueryOptions(securityId).queryKey],
    charts: [
      getDayCandlesQueryOptions(securityId, DAY_CANDLES_FOR_CHART).queryKey,
      getDayCandlesInfiniteQueryOptions(securityId).queryKey,
      getMinuteCandlesQueryOptions(securityId).queryKey,
    ],
    company: [
      getCompanyQueryOptions(securityId).queryKey,
      getFinancialStatementsQueryOptions(securityId, 'quarterly').queryKey,
      getFinancialStatementsQueryOptions(securityId, 'yearly').queryKey,
      getInvestorsInfiniteQueryOptions(securityId).queryKey,
      getLatestInvestorQueryOptions(securityId).queryKey,
      getDayTradersInfiniteQueryOptions(securityId).queryKey,
      getRecentTraderQueryOptions(securityId).queryKey,
    ],
    articles: [
      getArticlesInfiniteQueryOptions(securityId).queryKey,
      getLatestArticlesQueryOptions(securityId, 5).queryKey,
      getNewsInfiniteQueryOptions(securityId).queryKey,
      getDisclosuresInfiniteQueryOptions(securityId).queryKey,
    ],
  };
}

describe('securityKeys', () => {
  it('gives every query of a security its own key (plain and infinite queries of one endpoint apart)', () => {
    const keys = Object.values(keysOf(SAMSUNG)).flat();
    expect(new Set(keys.map((key) => hashKey(key))).size).toBe(keys.length);
  });

  it("invalidates every feature's queries of one stock with one call, and no other stock's", async () => {
    const queryClient = createTestQueryClient();
    const cache = queryClient.getQueryCache();
    const samsung = keysOf(SAMSUNG);
    const hynix = keysOf(HYNIX);
    const quoteList = getQuotesQueryOptions([SAMSUNG, HYNIX]).queryKey;
    // Queries without observers: invalidating marks them and fetches nothing.
    for (const queryKey of [...Object.values(samsung).flat(), ...Object.values(hynix).flat(), quoteList]) {
      cache.build(queryClient, { queryKey });
    }

    await queryClient.invalidateQueries({ queryKey: securityKeys.detail(SAMSUNG) });

    const invalidated = (queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.isInvalidated;
    for (const [feature, keys] of Object.entries(samsung)) {
      expect(keys.map(invalidated), feature).toEqual(keys.map(() => true));
    }
    for (const [feature, keys] of Object.entries(hynix)) {
      expect(keys.map(invalidated), feature).toEqual(keys.map(() => false));
    }
    // A quote list of several stocks belongs to none of them (the live stream keeps it current).
    expect(invalidated(quoteList)).toBe(false);
  });
});

describe('MEMBER_QUERY_ROOTS', () => {
  it("holds the root of every feature whose answers depend on who asks, and no stock's", () => {
    const roots = [userKeys.all, socialKeys.all, favoriteKeys.all, contestKeys.all, insightKeys.all];
    expect(roots.map(([root]) => root).sort()).toEqual([...MEMBER_QUERY_ROOTS].sort());
    expect(isMemberQuery({ queryKey: socialKeys.postDetail(1, 'all') })).toBe(true);
    expect(isMemberQuery({ queryKey: getQuotesQueryOptions([SAMSUNG]).queryKey })).toBe(false);
    expect(isMemberQuery({ queryKey: getSecurityQueryOptions(SAMSUNG).queryKey })).toBe(false);
  });
});
