// Shapes of the assets feature (indexes and foreign exchange), from the API schema.
import type { ApiResponse } from '@/lib/api';

export type AssetMap = ApiResponse<'/api/v1/assets'>;
export type AssetDetail = ApiResponse<'/api/v1/assets/{asset_id}'>;
export type Asset = AssetDetail['asset'];
export type AssetKind = Asset['kind'];
export type AssetDayCandlePage = ApiResponse<'/api/v1/assets/{asset_id}/day_candles'>;
export type AssetMinuteCandleList = ApiResponse<'/api/v1/assets/{asset_id}/minute_candles'>;
export type MajorForexIds = ApiResponse<'/api/v1/forexes/major_ids'>;
export type TickForexList = ApiResponse<'/api/v1/forexes/tick'>;
export type TickForex = TickForexList['tick_forexes'][number];
export type DayForexPage = ApiResponse<'/api/v1/forexes/day'>;
export type DayForex = DayForexPage['day_forexes'][number];
export type ForexCalcResult = ApiResponse<'/api/v1/forex_calcs'>;
export type ForexCalc = ForexCalcResult['forex_calc'];
export type ForexChart = ApiResponse<'/api/v1/forexes/{asset_id}/chart'>;
export type ForexChartPeriod = 'day' | 'week' | 'month' | 'year';
