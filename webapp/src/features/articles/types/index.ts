// Shapes of the articles feature (news and disclosures), from the API schema.
import type { ApiResponse } from '@/lib/api';

export type ArticlePage = ApiResponse<'/api/v1/securities/{security_id}/articles'>;
export type Article = ArticlePage['articles'][number];
export type NewsPage = ApiResponse<'/api/v1/securities/{security_id}/news'>;
export type NewsItem = NewsPage['news'][number];
export type DisclosurePage = ApiResponse<'/api/v1/securities/{security_id}/disclosures'>;
export type Disclosure = DisclosurePage['disclosures'][number];

/** Which list of a stock's articles: everything, news only or disclosures only. */
export type ArticleKind = 'all' | 'news' | 'disclosures';

/** One row of any article list. */
export type ArticleEntry =
  | { kind: 'NEWS'; id: string; news: NewsItem }
  | { kind: 'DISCLOSURE'; id: string; disclosure: Disclosure };
