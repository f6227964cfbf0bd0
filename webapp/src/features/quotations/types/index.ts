// Shapes of the quotations feature (시세 tab), from the API schema.
import type { ApiResponse } from '@/lib/api';

export type DayCandlePage = ApiResponse<'/api/v1/securities/{security_id}/day_candles'>;
export type DayCandle = DayCandlePage['day_candles'][number];
export type InvestorPage = ApiResponse<'/api/v1/securities/{security_id}/investors'>;
export type Investor = InvestorPage['investors'][number];
export type DayTraderPage = ApiResponse<'/api/v1/securities/{security_id}/day_traders'>;
export type DayTrader = DayTraderPage['day_traders'][number];
export type Trader = DayTrader['sells'][number];
export type RecentTrader = ApiResponse<'/api/v1/securities/{security_id}/recent_trader'>;
