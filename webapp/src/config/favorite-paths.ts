// The 관심종목 routes (spec §2), kept apart from paths.ts: paths.ts is in the shell, these
// are needed only by lazy screens. The router holds one splat route for all of them, under
// FAVORITES_BASE.
import { FAVORITES_BASE as base } from './paths';

export const favoritePaths = {
  lists: { path: '', getHref: () => base },
  listsEdit: { path: 'edit', getHref: () => `${base}/edit` },
  list: { path: ':listId', getHref: (listId: number) => `${base}/${listId}` },
  stocksEdit: {
    path: ':listId/favorite_stocks/edit',
    getHref: (listId: number) => `${base}/${listId}/favorite_stocks/edit`,
  },
  stocksAdd: {
    path: ':listId/favorite_stocks/add',
    getHref: (listId: number, keyword?: string) =>
      `${base}/${listId}/favorite_stocks/add${keyword ? `?${new URLSearchParams({ keyword }).toString()}` : ''}`,
  },
} as const;
