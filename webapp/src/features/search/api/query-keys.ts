// Query-key factory of the search feature (TkDodo's hierarchy): search → autocomplete /
// result lists by kind / keyword lists. Result lists are keyed by keyword and page size; their
// pages (cursors) live inside the infinite query.

export const searchKeys = {
  all: ['search'] as const,
  autocomplete: (keyword: string) => [...searchKeys.all, 'autocomplete', keyword] as const,
  results: () => [...searchKeys.all, 'results'] as const,
  assets: (keyword: string, filters: { limit: number }) =>
    [...searchKeys.results(), 'assets', keyword, filters] as const,
  news: (keyword: string, filters: { limit: number }) => [...searchKeys.results(), 'news', keyword, filters] as const,
  newsRelatedAssets: (keyword: string, filters: { limit: number }) =>
    [...searchKeys.results(), 'news-related-assets', keyword, filters] as const,
  keywords: () => [...searchKeys.all, 'keywords'] as const,
  issueKeywords: (filters: { limit: number }) => [...searchKeys.keywords(), 'issue', filters] as const,
  popularKeywords: (filters: { limit: number }) => [...searchKeys.keywords(), 'popular', filters] as const,
};
