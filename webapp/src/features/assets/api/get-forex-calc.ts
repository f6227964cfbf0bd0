// GET /mweb/api/v1/forex_calcs?from=USD&to=KRW&amount=100: an amount converted at the current rates.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { FOREX_RATE_STALE_TIME_MS } from '@/config/constants';
import { mobileWebApi, unwrap } from '@/lib/api';

import type { ForexCalcResult } from '../types';
import type { Currency } from '../utils/forex';

import { forexKeys } from './query-keys';

export type ForexCalcParams = { from: Currency; to: Currency; amount: number };

export function getForexCalc(params: ForexCalcParams, signal?: AbortSignal): Promise<ForexCalcResult> {
  return unwrap(mobileWebApi.GET('/api/v1/forex_calcs', { params: { query: params }, signal }));
}

export function getForexCalcQueryOptions(params: ForexCalcParams) {
  return queryOptions({
    queryKey: forexKeys.calc(params),
    queryFn: ({ signal }) => getForexCalc(params, signal),
    staleTime: FOREX_RATE_STALE_TIME_MS,
    // Keep the last answer on screen while the next amount is converted.
    placeholderData: keepPreviousData,
  });
}

export function useForexCalc(params: ForexCalcParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getForexCalcQueryOptions(params), enabled });
}
