// Foreign-exchange helpers: currencies of an FX asset id and writing polled
// ticks into cached assets.
import type { QueryClient } from '@tanstack/react-query';

import type { components } from '@/lib/api';

import { assetKeys } from '../api/query-keys';
import type { Asset, AssetDetail, AssetMap, TickForex } from '../types';

/** A currency code the converter knows (the API document lists them). */
export type Currency = components['schemas']['Currency'];

export type ForexPair = {
  /** e.g. `USD` */
  base: Currency;
  /** e.g. `KRW` */
  quote: Currency;
  /** Units of the base currency the rate is quoted for (100 for JPY). */
  unit: number;
};

const FOREX_ID = /^FOREX-([A-Z]{3})([A-Z]{3})$/;

/** `FOREX-USDKRW` → USD/KRW; null for anything that is not an FX asset id. */
export function forexPairOf(assetId: string): ForexPair | null {
  const match = FOREX_ID.exec(assetId);
  if (!match?.[1] || !match[2]) return null;
  // The ids come from the server, whose forex pairs are its own currencies against the won.
  const [base, quote] = [match[1] as Currency, match[2] as Currency];
  return { base, quote, unit: base === 'JPY' ? 100 : 1 };
}

/** Korean names of the currencies the service quotes. */
export const CURRENCY_NAMES: Record<string, string> = {
  KRW: '원',
  USD: '미국 달러',
  EUR: '유로',
  JPY: '일본 엔',
  CNY: '중국 위안',
  GBP: '영국 파운드',
  HKD: '홍콩 달러',
  AUD: '호주 달러',
  CAD: '캐나다 달러',
  CHF: '스위스 프랑',
  AED: 'UAE 디르함',
};

export function currencyName(code: string): string {
  return CURRENCY_NAMES[code] ?? code;
}

/** An asset moved to a tick's rate, unless the asset is already newer. */
export function applyTick(asset: Asset, tick: TickForex): Asset {
  if (asset.asset_id !== tick.asset_id || tick.traded_at < asset.traded_at) return asset;
  return {
    ...asset,
    price: tick.base_rate,
    change: tick.change,
    change_rate: tick.change_rate,
    change_type: tick.change_type,
    traded_at: tick.traded_at,
    high: Math.max(asset.high, tick.base_rate),
    low: asset.low > 0 ? Math.min(asset.low, tick.base_rate) : tick.base_rate,
  };
}

/** Writes polled FX ticks into every cached asset detail and asset map that holds them. */
export function writeTicksToCache(queryClient: QueryClient, ticks: readonly TickForex[]): void {
  for (const tick of ticks) {
    queryClient.setQueryData<AssetDetail>(assetKeys.detail(tick.asset_id), (detail) => {
      if (!detail) return detail;
      const asset = applyTick(detail.asset, tick);
      return asset === detail.asset ? detail : { ...detail, asset };
    });
  }
  const byId = new Map(ticks.map((tick) => [tick.asset_id, tick]));
  queryClient.setQueriesData<AssetMap>({ queryKey: assetKeys.lists() }, (map) => {
    if (!map) return map;
    let changed = false;
    const assets = { ...map.assets };
    for (const [id, asset] of Object.entries(map.assets)) {
      const tick = byId.get(id);
      if (!tick) continue;
      const next = applyTick(asset, tick);
      if (next !== asset) {
        assets[id] = next;
        changed = true;
      }
    }
    return changed ? { ...map, assets } : map;
  });
}
