// GET /api/v1/search/autocomplete?keyword=: at most ten assets for what has been typed, best first.
import { queryOptions } from '@tanstack/react-query';

import { AUTOCOMPLETE_STALE_TIME_MS } from '@/config/constants';
import { mainApi, unwrap } from '@/lib/api';

import type { SuggestionList } from '../types';

import { searchKeys } from './query-keys';

export function getAutocomplete(keyword: string, signal?: AbortSignal): Promise<SuggestionList> {
  return unwrap(mainApi.GET('/api/v1/search/autocomplete', { params: { query: { keyword } }, signal }));
}

/** Never asked for a blank keyword (`400 missing_keyword`); pass it normalized. */
export function getAutocompleteQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: searchKeys.autocomplete(keyword),
    // The signal is aborted when the query loses its last observer: the keyword changed, or
    // the page was left, before the answer came.
    queryFn: ({ signal }) => getAutocomplete(keyword, signal),
    staleTime: AUTOCOMPLETE_STALE_TIME_MS,
    enabled: keyword !== '',
  });
}
