// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { createTestQueryClient } from '@/testing/test-utils';

import { assetKeys } from '../api/query-keys';
import type { Asset, AssetDetail } from '../types';

import { applyTick, forexPairOf, writeTicksToCache } from './forex';

const usd: Asset = {
  asset_id: 'FOREX-USDKRW',
  short_code: 'USDKRW',
  name: '미국 USD',
  kind: 'FOREX',
  price: 1_380,
  previous_close: 1_375,
  change: 5,
  change_rate: 5 / 1_375,
  change_type: 'RISE',
  open: 1_376,
  high: 1_382,
  low: 1_374,
  traded_at: 1_000,
  session: 'REGULAR',
};

describe('forexPairOf', () => {
  it('reads the currencies of an FX id', () => {
    expect(forexPairOf('FOREX-USDKRW')).toEqual({ base: 'USD', quote: 'KRW', unit: 1 });
    expect(forexPairOf('FOREX-JPYKRW')).toEqual({ base: 'JPY', quote: 'KRW', unit: 100 });
    expect(forexPairOf('INDEX-KOSPI')).toBeNull();
    expect(forexPairOf('FOREX-USD')).toBeNull();
  });
});

describe('ticks', () => {
  const tick = {
    asset_id: 'FOREX-USDKRW',
    base_rate: 1_390,
    change: 15,
    change_rate: 15 / 1_375,
    change_type: 'RISE' as const,
    traded_at: 2_000,
  };

  it('move an asset to the newer rate and widen its range', () => {
    const next = applyTick(usd, tick);
    expect(next).toMatchObject({ price: 1_390, change: 15, traded_at: 2_000, high: 1_390, low: 1_374 });
    expect(applyTick(usd, { ...tick, traded_at: 500 })).toBe(usd);
    expect(applyTick(usd, { ...tick, asset_id: 'FOREX-EURKRW' })).toBe(usd);
  });

  it('are written into cached asset details and asset maps', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData<AssetDetail>(assetKeys.detail(usd.asset_id), { asset: usd });
    queryClient.setQueryData(assetKeys.list(['FOREX-USDKRW']), { assets: { 'FOREX-USDKRW': usd } });
    writeTicksToCache(queryClient, [tick]);
    expect(queryClient.getQueryData<AssetDetail>(assetKeys.detail(usd.asset_id))?.asset.price).toBe(1_390);
    expect(
      queryClient.getQueryData<{ assets: Record<string, Asset> }>(assetKeys.list(['FOREX-USDKRW']))?.assets[
        'FOREX-USDKRW'
      ]?.price,
    ).toBe(1_390);
    // Nothing is created for assets that were never loaded.
    writeTicksToCache(queryClient, [{ ...tick, asset_id: 'FOREX-EURKRW' }]);
    expect(queryClient.getQueryData(assetKeys.detail('FOREX-EURKRW'))).toBeUndefined();
  });
});
