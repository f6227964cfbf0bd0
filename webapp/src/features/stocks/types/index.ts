// Shapes of the stocks feature, all taken from the API schema.
import type { ApiResponse, components } from '@/lib/api';

type Schemas = components['schemas'];

export type Security = Schemas['Security'];
export type Quote = Schemas['Quote'];
export type QuoteList = Schemas['QuoteList'];
export type SecurityDetail = Schemas['SecurityDetail'];

export type ChangeType = Quote['change_type'];
export type MarketSession = Quote['session'];
export type Market = Security['market'];

export type DayCandlePage = ApiResponse<'/api/v1/securities/{security_id}/day_candles'>;
export type DayCandle = DayCandlePage['day_candles'][number];
export type MinuteCandleList = ApiResponse<'/api/v1/securities/{security_id}/minute_candles'>;
export type MinuteCandle = MinuteCandleList['minute_candles'][number];
export type InvestorPage = ApiResponse<'/api/v1/securities/{security_id}/investors'>;
export type Investor = InvestorPage['investors'][number];
export type CompanyDetail = ApiResponse<'/api/v1/securities/{security_id}/company'>;
export type Company = CompanyDetail['company'];
export type RelatedStockList = ApiResponse<'/api/v1/securities/{security_id}/related_stocks'>;
export type RelatedStock = RelatedStockList['related_stocks'][number];
