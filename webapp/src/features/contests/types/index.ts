// Shapes of the contests feature, from the API schema.
import type { ApiResponse } from '@/lib/api';

export type ContestList = ApiResponse<'/api/v1/contests'>;
export type Contest = ContestList['contests'][number];
export type ContestState = Contest['state'];
export type ContestDetail = ApiResponse<'/api/v1/contests/{id}'>;
export type RankerPage = ApiResponse<'/api/v1/contests/{id}/rankers'>;
export type Ranker = RankerPage['rankers'][number];
export type RankerDetail = ApiResponse<'/api/v1/rankers/{id}'>;
export type StockSuggestions = ApiResponse<'/api/v1/search/autocomplete'>;
