// GET /api/v1/search/autocomplete?keyword= (main host, public), for the entry form: the
// stocks among the suggestions for what has been typed.
import { queryOptions } from '@tanstack/react-query';

import { AUTOCOMPLETE_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { StockSuggestions } from '../types';

import { contestKeys } from './query-keys';

export function getStockSuggestions(keyword: string, signal?: AbortSignal): Promise<StockSuggestions> {
  return unwrap(mainApi.GET('/api/v1/search/autocomplete', { params: { query: { keyword } }, signal }));
}

/** Never asked for a blank keyword (`400 missing_keyword`). */
export function getStockSuggestionsQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: contestKeys.stocks(keyword),
    queryFn: ({ signal }) => getStockSuggestions(keyword, signal),
    staleTime: AUTOCOMPLETE_STALE_TIME_MS,
    enabled: keyword !== '',
    select: (list) => list.assets.filter((asset) => asset.kind === 'stock'),
  });
}
