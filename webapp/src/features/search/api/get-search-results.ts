// The result lists of a search, one call each, paged by `next_cursor`:
// - GET /api/v1/search/assets?keyword=&limit=&cursor=: stocks, indexes and forex pairs for a
//   keyword, best first (10 per page);
// - GET /api/v1/search/topics?keyword=&limit=&cursor=: topics (테마, social service) by name,
//   a word for them, 초성 or a part, best first (10 per page);
// - GET /api/v1/search/news?keyword=&limit=&cursor=: news holding the keyword, newest first
//   (the items of GET /api/v1/news; 10 per page);
// - GET /api/v1/search/news_related_assets?keyword=&limit=&cursor=: the stocks that news holding
//   the keyword names, the most named first (5 per page).
// One fetcher and one set of options for the three, by kind: they take the same query and are
// paged and cached alike; only the path, the page size and the answer differ.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { NEWS_RELATED_ASSETS_PAGE_SIZE, SEARCH_PAGE_SIZE, SEARCH_RESULTS_STALE_TIME_MS } from '@/config/constants';
import { type ApiResponse, mainApi, unwrap } from '@/lib/api';

import { type SearchResultKind, searchKeys } from './query-keys';

const PATHS = {
  assets: '/api/v1/search/assets',
  topics: '/api/v1/search/topics',
  news: '/api/v1/search/news',
  'news-related-assets': '/api/v1/search/news_related_assets',
} as const;

const PAGE_SIZES: Record<SearchResultKind, number> = {
  assets: SEARCH_PAGE_SIZE,
  topics: SEARCH_PAGE_SIZE,
  news: SEARCH_PAGE_SIZE,
  'news-related-assets': NEWS_RELATED_ASSETS_PAGE_SIZE,
};

/** The answer of each kind's call (FoundAssetPage, TopicPage, NewsSearchPage, NewsRelatedAssetPage). */
export type SearchResultPage = { [K in SearchResultKind]: ApiResponse<(typeof PATHS)[K]> };

export function getSearchResults<K extends SearchResultKind>(
  kind: K,
  keyword: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<SearchResultPage[K]> {
  const path: (typeof PATHS)[SearchResultKind] = PATHS[kind];
  const page = unwrap(
    mainApi.GET(path, {
      params: { query: { keyword, limit, cursor: cursor ?? undefined } },
      signal,
    }),
  );
  // The path of `kind` answers SearchResultPage[K]; the client's types cannot follow a
  // generic key, so they give the union of the answers.
  return page as Promise<SearchResultPage[K]>;
}

export function getSearchResultsInfiniteQueryOptions<K extends SearchResultKind>(
  kind: K,
  keyword: string,
  limit: number = PAGE_SIZES[kind],
) {
  return infiniteQueryOptions({
    queryKey: searchKeys.resultList(kind, keyword, { limit }),
    queryFn: ({ pageParam, signal }) => getSearchResults(kind, keyword, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    // Every kind of page has it; typed here since a generic page type does not show it.
    getNextPageParam: (lastPage: { next_cursor?: string | null }) => lastPage.next_cursor ?? null,
    staleTime: SEARCH_RESULTS_STALE_TIME_MS,
  });
}

export function useSearchResults<K extends SearchResultKind>(kind: K, keyword: string) {
  return useInfiniteQuery(getSearchResultsInfiniteQueryOptions(kind, keyword));
}
