// The favorites calls (docs/api.md, "Favorites") and their types, aliases of the generated
// schema (schema.d.ts, `npm run gen:api`). The calls still go through `mainApi.request`, as
// they were written before the schema held these routes.
import { mainApi, type components } from '@/lib/api';

type Schemas = components['schemas'];

export type FavoriteStock = Schemas['FavoriteStock'];

/** A favorite group; `favorite_stocks` in the member's order. */
export type FavoriteStockList = Schemas['FavoriteStockList'];

/** The member's groups, with the limits: 20 groups per member, 100 stocks per group. */
export type FavoriteStockLists = Schemas['FavoriteStockLists'];

export type FavoriteStockExistence = Schemas['Existence'];

type FavoriteStockListBody = Schemas['FavoriteStockListBody'];
type FavoriteStockBody = Schemas['FavoriteStockBody'];

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
export function createFavoriteStockList(name: string): Promise<FavoriteStockListBody> {
  return mainApi.request('/api/favorite_stock_lists', { method: 'POST', json: { name } });
}

/** PUT /api/favorite_stock_lists/{id}: renames. */
export function renameFavoriteStockList(
  id: number,
  name: string,
): Promise<FavoriteStockListBody> {
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
): Promise<FavoriteStockListBody> {
  return mainApi.request('/api/favorite_stock_lists/construct', {
    method: 'POST',
    json: { name, security_ids: securityIds.join(',') },
  });
}

/** POST /api/topics/favorite_stocks: the same as construct, under the topics routes (spec §7). */
export function createTopicFavoriteStocks(
  name: string,
  securityIds: readonly string[],
): Promise<FavoriteStockListBody> {
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
export function addFavoriteStock(securityId: string, listId?: number): Promise<FavoriteStockBody> {
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
): Promise<Schemas['SecurityFavorites']> {
  return mainApi.request(`/api/favorite_stocks?security_id=${encodeURIComponent(securityId)}`, { signal });
}

/** GET /api/favorite_stock_existences?asset_ids=…: the hearts of a list (at most 200 ids). */
export function getFavoriteStockExistences(
  assetIds: readonly string[],
  signal?: AbortSignal,
): Promise<Schemas['Existences']> {
  return mainApi.request(`/api/favorite_stock_existences?asset_ids=${joinSecurityIds(assetIds)}`, { signal });
}
