// How a found asset reads and where it leads.
import { paths } from '@/config/paths';

import type { FoundAsset } from '../types';

/** A stock opens its stock page; an index or forex pair its asset page. */
export function foundAssetHref(asset: Pick<FoundAsset, 'asset_id' | 'kind'>): string {
  return asset.kind === 'stock' ? paths.stock.getHref(asset.asset_id) : paths.asset.getHref(asset.asset_id);
}

const MARKET_BADGES: Record<string, string> = { kospi: '코스피', kosdaq: '코스닥' };

/** The badge beside the code: 코스피 / 코스닥 for stocks, 지수 for indexes, 환율 for forex pairs. */
export function foundAssetBadge(asset: Pick<FoundAsset, 'kind' | 'market'>): string | null {
  if (asset.kind === 'index') return '지수';
  if (asset.kind === 'forex') return '환율';
  return asset.market ? (MARKET_BADGES[asset.market.toLowerCase()] ?? null) : null;
}

/**
 * The code as people know it: a stock's KRX code without the short code's `A`
 * (`A005930` → `005930`), an index's or pair's as it is (`KOSPI`, `USDKRW`).
 */
export function foundAssetCode(asset: Pick<FoundAsset, 'kind' | 'short_code'>): string {
  return asset.kind === 'stock' ? asset.short_code.replace(/^A(?=[0-9A-Z]{6}$)/, '') : asset.short_code;
}
