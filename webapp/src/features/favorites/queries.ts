// The favorites queries, keyed under ['favorites'] so one invalidation after any change
// reaches the groups, the picker's answer and every heart (spec §4: the list refreshes after).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { FAVORITES_STALE_TIME_MS } from '@/config/constants';
import { getFavoriteStockExistences, getFavoriteStockLists, getFavoriteStocksOfSecurity, MAX_EXISTENCE_IDS } from './api';

export const favoriteKeys = {
  all: ['favorites'] as const,
  lists: () => [...favoriteKeys.all, 'lists'] as const,
  ofSecurity: (securityId: string) => [...favoriteKeys.all, 'of-security', securityId] as const,
  existences: (assetIds: readonly string[]) => [...favoriteKeys.all, 'existences', { assetIds: [...assetIds] }] as const,
};

export function getFavoriteListsQueryOptions() {
  return queryOptions({
    queryKey: favoriteKeys.lists(),
    queryFn: ({ signal }) => getFavoriteStockLists(signal),
    staleTime: FAVORITES_STALE_TIME_MS,
  });
}

export function getFavoritesOfSecurityQueryOptions(securityId: string) {
  return queryOptions({
    queryKey: favoriteKeys.ofSecurity(securityId),
    queryFn: ({ signal }) => getFavoriteStocksOfSecurity(securityId, signal).then((answer) => answer.favorite_stocks),
    staleTime: FAVORITES_STALE_TIME_MS,
  });
}

export function getFavoriteExistencesQueryOptions(assetIds: readonly string[]) {
  const ids = assetIds.slice(0, MAX_EXISTENCE_IDS);
  return queryOptions({
    queryKey: favoriteKeys.existences(ids),
    queryFn: ({ signal }) =>
      getFavoriteStockExistences(ids, signal).then(
        (answer) => new Set(answer.favorite_stock_existences.filter((entry) => entry.exists).map((entry) => entry.id)),
      ),
    staleTime: FAVORITES_STALE_TIME_MS,
  });
}

// `enabled`: whether a member is signed in (the app knows; a visitor asks for nothing).
type Enabled = { enabled?: boolean };

/** The member's groups. */
export function useFavoriteLists({ enabled = true }: Enabled = {}) {
  return useQuery({ ...getFavoriteListsQueryOptions(), enabled });
}

/** Which of the member's groups hold a stock (the heart of the stock page and the picker). */
export function useFavoritesOfSecurity(securityId: string, { enabled = true }: Enabled = {}) {
  return useQuery({ ...getFavoritesOfSecurityQueryOptions(securityId), enabled });
}

/** The ids among `assetIds` the member keeps in any group (the hearts of a list). */
export function useFavoriteExistences(assetIds: readonly string[], { enabled = true }: Enabled = {}) {
  return useQuery({ ...getFavoriteExistencesQueryOptions(assetIds), enabled: enabled && assetIds.length > 0 });
}

/** After any change: every favorites answer is asked again. */
export function invalidateFavorites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
}
