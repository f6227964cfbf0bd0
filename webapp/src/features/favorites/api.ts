// The favorites calls (docs/api.md, "Favorites (being built)") and their types, written by hand
// because the generated schema.d.ts does not hold these routes yet. Everything about their
// shapes is in this one file: once the gateway's OpenAPI document has them, swap these types
// for aliases of the generated ones.
import { mainApi } from '@/lib/api';

export type FavoriteStock = { id: number; favorite_stock_list_id: number; security_id: string };

/** A favorite group; `favorite_stocks` in the member's order. */
export type FavoriteStockList = {
  id: number;
  name: string;
  favorite_stocks_count: number;
  favorite_stocks: FavoriteStock[];
};

export type FavoriteStockLists = {
  favorite_stock_lists: FavoriteStockList[];
  /** 20 groups per member. */
  max_lists: number;
  /** 100 stocks per group. */
  max_stocks_per_list: number;
};

export type FavoriteStockExistence = { id: string; exists: boolean };

/** At most this many ids per existence call. */
export const MAX_EXISTENCE_IDS = 200;

/** Numbers joined by commas, as the contract's `ids=1,2` (digits need no escaping). */
const joinIds = (ids: readonly number[]) => ids.join(',');

/** Security ids joined by commas, each escaped. */
const joinSecurityIds = (ids: readonly string[]) => ids.map(encodeURIComponent).join(',');

// ---- groups ------------------------------------------------------------------------------

/** GET /api/favorite_stock_lists: the groups in order (none: an empty array). */
export function getFavoriteStockLists(signal?: AbortSignal): Promise<FavoriteStockLists> {
  return mainApi.request('/api/favorite_stock_lists', { signal });
}

/** POST /api/favorite_stock_lists → 201; 409 too_many_lists, 400 invalid_list_name. */
export function createFavoriteStockList(name: string): Promise<{ favorite_stock_list: FavoriteStockList }> {
  return mainApi.request('/api/favorite_stock_lists', { method: 'POST', json: { name } });
}

/** PUT /api/favorite_stock_lists/{id}: renames. */
export function renameFavoriteStockList(
  id: number,
  name: string,
): Promise<{ favorite_stock_list: FavoriteStockList }> {
  return mainApi.request(`/api/favorite_stock_lists/${id}`, { method: 'PUT', json: { name } });
}

/** DELETE /api/favorite_stock_lists?ids=1,2 → 204 (their stocks go with them). */
export function deleteFavoriteStockLists(ids: readonly number[]): Promise<void> {
  return mainApi.request(`/api/favorite_stock_lists?ids=${joinIds(ids)}`, { method: 'DELETE' });
}

/** PUT /api/favorite_stock_lists/order → 204; `ids` must be exactly the member's groups (400 invalid_order). */
export function reorderFavoriteStockLists(ids: readonly number[]): Promise<void> {
  return mainApi.request('/api/favorite_stock_lists/order', { method: 'PUT', json: { ids } });
}

/** POST /api/favorite_stock_lists/construct → 201: a new group holding these stocks. */
export function constructFavoriteStockList(
  name: string,
  securityIds: readonly string[],
): Promise<{ favorite_stock_list: FavoriteStockList }> {
  return mainApi.request('/api/favorite_stock_lists/construct', {
    method: 'POST',
    json: { name, security_ids: securityIds.join(',') },
  });
}

/** POST /api/topics/favorite_stocks: the same as construct, under the topics routes (spec §7). */
export function createTopicFavoriteStocks(
  name: string,
  securityIds: readonly string[],
): Promise<{ favorite_stock_list: FavoriteStockList }> {
  return mainApi.request('/api/topics/favorite_stocks', {
    method: 'POST',
    json: { name, security_ids: securityIds.join(',') },
  });
}

// ---- stocks ------------------------------------------------------------------------------

/**
 * POST /api/favorite_stocks → 201 (200 when already there). Without a list id: the member's
 * first group, created as 관심그룹 when there is none. 409 list_full, 404 security_not_found.
 */
export function addFavoriteStock(securityId: string, listId?: number): Promise<{ favorite_stock: FavoriteStock }> {
  const json = listId === undefined ? { security_id: securityId } : { security_id: securityId, favorite_stock_list_id: listId };
  return mainApi.request('/api/favorite_stocks', { method: 'POST', json });
}

/** DELETE /api/favorite_stocks?ids=7,8 → 204. */
export function deleteFavoriteStocks(ids: readonly number[]): Promise<void> {
  return mainApi.request(`/api/favorite_stocks?ids=${joinIds(ids)}`, { method: 'DELETE' });
}

/** PUT /api/favorite_stock_lists/{id}/favorite_stocks/order → 204; exactly the group's stock ids. */
export function reorderFavoriteStocks(listId: number, ids: readonly number[]): Promise<void> {
  return mainApi.request(`/api/favorite_stock_lists/${listId}/favorite_stocks/order`, {
    method: 'PUT',
    json: { ids },
  });
}

/** GET /api/favorite_stocks?security_id=…: which of my groups hold it (the picker). */
export function getFavoriteStocksOfSecurity(
  securityId: string,
  signal?: AbortSignal,
): Promise<{ favorite_stocks: FavoriteStock[] }> {
  return mainApi.request(`/api/favorite_stocks?security_id=${encodeURIComponent(securityId)}`, { signal });
}

/** GET /api/favorite_stock_existences?asset_ids=…: the hearts of a list (at most 200 ids). */
export function getFavoriteStockExistences(
  assetIds: readonly string[],
  signal?: AbortSignal,
): Promise<{ favorite_stock_existences: FavoriteStockExistence[] }> {
  return mainApi.request(`/api/favorite_stock_existences?asset_ids=${joinSecurityIds(assetIds)}`, { signal });
}
