import { useParams } from 'react-router';

import type { FavoriteStockList, FavoriteStockLists } from '@/features/favorites/api';
import { useFavoriteLists } from '@/features/favorites/queries';

/** The group of the address (`:listId`) from the member's groups; `list` undefined when not theirs. */
export function useListOfParam(): {
  listId: number;
  lists: FavoriteStockLists | undefined;
  list: FavoriteStockList | undefined;
  isPending: boolean;
  isError: boolean;
} {
  const listId = Number(useParams().listId);
  const query = useFavoriteLists();
  const list = query.data?.favorite_stock_lists.find((candidate) => candidate.id === listId);
  return { listId, lists: query.data, list, isPending: query.isPending, isError: query.isError };
}

export const LIST_NOT_FOUND_MESSAGE = '관심그룹을 찾을 수 없습니다.';
export const LISTS_LOAD_FAILED_MESSAGE = '관심종목을 불러오지 못했습니다.';
