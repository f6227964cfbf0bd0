// Shapes of the securities feature (securities, quotes, related stocks), from the API schema.
import type { ApiResponse, components } from '@/lib/api';

type Schemas = components['schemas'];

export type Security = Schemas['Security'];
export type Quote = Schemas['Quote'];
export type QuoteList = Schemas['QuoteList'];
export type SecurityDetail = Schemas['SecurityDetail'];

export type MarketSession = Quote['session'];

export type RelatedStockList = ApiResponse<'/api/v1/securities/{security_id}/related_stocks'>;
export type RelatedStock = RelatedStockList['related_stocks'][number];
