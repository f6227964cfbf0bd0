// Shapes of the charts feature (day and minute candles), from the API schema.
import type { ApiResponse } from '@/lib/api';

export type DayCandlePage = ApiResponse<'/api/v1/securities/{security_id}/day_candles'>;
export type DayCandle = DayCandlePage['day_candles'][number];
export type MinuteCandleList = ApiResponse<'/api/v1/securities/{security_id}/minute_candles'>;
export type MinuteCandle = MinuteCandleList['minute_candles'][number];
export type MoveList = ApiResponse<'/api/v1/securities/{security_id}/moves'>;
export type Move = MoveList['moves'][number];
