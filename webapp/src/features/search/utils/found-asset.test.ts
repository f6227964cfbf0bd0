// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { SAMSUNG } from '../testing/found-assets';
import type { FoundAsset } from '../types';

import { foundAssetBadge, foundAssetCode, foundAssetHref } from './found-asset';

const KOSPI: FoundAsset = { asset_id: 'INDEX-KOSPI', short_code: 'KOSPI', name: '코스피', kind: 'index', market: null };
const USDKRW: FoundAsset = { asset_id: 'FOREX-USDKRW', short_code: 'USDKRW', name: '미국 달러', kind: 'forex' };

describe('found assets', () => {
  it('open the stock page for a stock, the asset page otherwise', () => {
    expect(foundAssetHref(SAMSUNG)).toBe('/m/stocks/KOREA-A005930');
    expect(foundAssetHref(KOSPI)).toBe('/m/assets/INDEX-KOSPI');
    expect(foundAssetHref(USDKRW)).toBe('/m/assets/FOREX-USDKRW');
  });

  it('are badged by market, or as an index or a forex pair', () => {
    expect(foundAssetBadge(SAMSUNG)).toBe('코스피');
    expect(foundAssetBadge({ ...SAMSUNG, market: 'kosdaq' })).toBe('코스닥');
    expect(foundAssetBadge({ ...SAMSUNG, market: 'KOSDAQ' })).toBe('코스닥');
    expect(foundAssetBadge({ ...SAMSUNG, market: null })).toBeNull();
    expect(foundAssetBadge({ ...SAMSUNG, market: 'konex' })).toBeNull();
    expect(foundAssetBadge(KOSPI)).toBe('지수');
    expect(foundAssetBadge(USDKRW)).toBe('환율');
  });

  it('show a stock by its KRX code, others by their short code', () => {
    expect(foundAssetCode(SAMSUNG)).toBe('005930');
    expect(foundAssetCode({ ...SAMSUNG, short_code: 'A0001A0' })).toBe('0001A0');
    expect(foundAssetCode(KOSPI)).toBe('KOSPI');
    expect(foundAssetCode(USDKRW)).toBe('USDKRW');
  });
});
