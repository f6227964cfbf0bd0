// Shapes of the trends feature, from the API schema.
import type { ApiResponse, components } from '@/lib/api';

type Schemas = components['schemas'];

/** A stock with its live quote, as every trend list shows it. */
export type TrendStock = Schemas['TrendStock'];
export type TrendKey = Schemas['TrendKey'];
/** `kospi` or `kosdaq`. */
export type TrendMarket = Schemas['TrendMarket'];
/** A ranked list's market filter: one market, or `''` for both (전체). */
export type TrendMarketFilter = TrendMarket | '';
export type PopularBy = Schemas['PopularBy'];

export type SpecialStocksAnswer = ApiResponse<'/api/v1/trends/special_stocks'>;
export type SpecialStocks = SpecialStocksAnswer['special_stocks'];
/** 상한가, 하한가, 52주 신고가, 52주 신저가, VI 발동. */
export type SpecialCategory = keyof SpecialStocks;
export type SpecialCountsAnswer = ApiResponse<'/api/v1/trends/special_stocks/counts'>;
export type SpecialCounts = Schemas['SpecialCounts'];
export type OrderedStockPage = ApiResponse<'/api/v1/trends/ordered_stocks'>;
export type ForeignIndexes = ApiResponse<'/api/v1/trends/foreign_indexes'>;
export type ForeignIndexGroup = keyof ForeignIndexes;
export type ForeignIndex = ForeignIndexes[ForeignIndexGroup][number];
export type WicsSectorList = ApiResponse<'/api/v1/trends/wics_sectors'>;
export type WicsSector = Schemas['WicsSector'];
export type SectorSecurityPage = ApiResponse<'/api/v1/trends/wics_sectors/{wics_sector_code}/securities'>;
export type PopularStocks = ApiResponse<'/api/v1/popular_stocks/{by}'>;
export type DiscussionSurges = ApiResponse<'/api/v1/trends/discussion_surges'>;
export type DiscussionSurge = DiscussionSurges['discussion_surges'][number];
