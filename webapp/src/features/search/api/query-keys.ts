// Query-key factory of the search feature (TkDodo's hierarchy): search → autocomplete /
// result lists by kind / keyword lists by kind. Result lists are keyed by keyword and page size;
// their pages (cursors) live inside the infinite query.

/** The paged result lists of a search, one call each (api/get-search-results.ts). */
export type SearchResultKind = 'assets' | 'topics' | 'news' | 'news-related-assets';
/** 이슈 키워드 and 인기 검색어 (api/get-keyword-lists.ts). */
export type KeywordListKind = 'issue' | 'popular';

export const searchKeys = {
  all: ['search'] as const,
  autocomplete: (keyword: string) => [...searchKeys.all, 'autocomplete', keyword] as const,
  results: () => [...searchKeys.all, 'results'] as const,
  resultList: (kind: SearchResultKind, keyword: string, filters: { limit: number }) =>
    [...searchKeys.results(), kind, keyword, filters] as const,
  keywords: () => [...searchKeys.all, 'keywords'] as const,
  keywordList: (kind: KeywordListKind, filters: { limit: number }) => [...searchKeys.keywords(), kind, filters] as const,
};
