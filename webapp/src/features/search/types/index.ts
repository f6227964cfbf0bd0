// Shapes of the search feature, from the API schema.
import type { ApiResponse } from '@/lib/api';

export type SuggestionList = ApiResponse<'/api/v1/search/autocomplete'>;
export type FoundAssetPage = ApiResponse<'/api/v1/search/assets'>;
/** A stock, index or forex pair a search found (its price comes from the assets API). */
export type FoundAsset = FoundAssetPage['assets'][number];
export type FoundAssetKind = FoundAsset['kind'];
export type NewsRelatedAssetPage = ApiResponse<'/api/v1/search/news_related_assets'>;
export type NewsSearchPage = ApiResponse<'/api/v1/search/news'>;
export type FoundNews = NewsSearchPage['news'][number];
/** The answer of /api/v1/search/issue_keywords, and of /api/v1/search/popular_keywords: the same list. */
export type KeywordList = ApiResponse<'/api/v1/search/issue_keywords'>;
export type RankedKeyword = KeywordList['keywords'][number];
