// The favorite-group picker's rows (spec §4): each group with whether it holds the stock; a
// full group cannot be added to; with no groups, the placeholder 관심그룹 that the first add
// makes real (POST /api/favorite_stocks without a list id).
import type { FavoriteStock, FavoriteStockLists } from '../api';

import { DEFAULT_LIST_NAME } from './list-name';

export type PickerRow = {
  /** null: the placeholder group (no group exists yet). */
  listId: number | null;
  name: string;
  count: number;
  /** The stock's entry in this group on the server, or null. */
  favoriteStockId: number | null;
  /** Why the stock cannot be added (a full group it is not in), or null. */
  disabledReason: string | null;
};

/** The server's refusal of a full group, said before asking (409 list_full). */
export function listFullMessage(max: number): string {
  return `관심그룹에는 ${max}개까지 담을 수 있습니다.`;
}

/** The placeholder shown when the member has no group (spec §5). */
export const PLACEHOLDER_ROW: PickerRow = {
  listId: null,
  name: DEFAULT_LIST_NAME,
  count: 0,
  favoriteStockId: null,
  disabledReason: null,
};

export function pickerRows(lists: FavoriteStockLists, holding: readonly FavoriteStock[]): PickerRow[] {
  if (lists.favorite_stock_lists.length === 0) return [PLACEHOLDER_ROW];
  return lists.favorite_stock_lists.map((list) => {
    const favoriteStockId = holding.find((stock) => stock.favorite_stock_list_id === list.id)?.id ?? null;
    const full = list.favorite_stocks_count >= lists.max_stocks_per_list;
    return {
      listId: list.id,
      name: list.name,
      count: list.favorite_stocks_count,
      favoriteStockId,
      disabledReason: favoriteStockId === null && full ? listFullMessage(lists.max_stocks_per_list) : null,
    };
  });
}

/** A tap on a row: remove when it holds the stock (as shown), add unless it is full. */
export function canTap(row: PickerRow, shownOn: boolean): boolean {
  return shownOn || row.disabledReason === null;
}

/** Whether another group can be made (20 at most). */
export function canCreateList(lists: FavoriteStockLists): boolean {
  return lists.favorite_stock_lists.length < lists.max_lists;
}

export const TOO_MANY_LISTS_MESSAGE = (max: number) => `관심그룹은 ${max}개까지 만들 수 있습니다.`;
