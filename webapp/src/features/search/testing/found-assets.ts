// Found assets (search/assets, search/autocomplete) for the search feature's tests and its
// screens' tests.
import type { FoundAsset } from '../types';

/** 삼성전자, a KOSPI stock. */
export const SAMSUNG: FoundAsset = {
  asset_id: 'KOREA-A005930',
  short_code: 'A005930',
  name: '삼성전자',
  kind: 'stock',
  market: 'kospi',
};
