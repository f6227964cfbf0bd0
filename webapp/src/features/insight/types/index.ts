// Shapes of insight articles (docs/api.md, "Insight articles"), from the API schema.
import type { ApiResponse, components } from '@/lib/api';

type Schemas = components['schemas'];

export type InsightArticle = Schemas['InsightArticle'];
export type Contributor = Schemas['Contributor'];
export type Block = Schemas['Block'];
export type InsightArticlePage = ApiResponse<'/api/v1/insight_articles'>;
export type InsightArticleDetail = ApiResponse<'/api/v1/insight_articles/{id}'>;
export type ContributorBody = ApiResponse<'/api/v1/contributors/{id}'>;
