// How a security's market reads on screen: in the stock header (securities) and the
// company summary (company), so it is shared.
import type { components } from '@/lib/api';

export type Market = components['schemas']['Market'];

export const MARKET_LABELS: Record<Market, string> = {
  KOSPI: '코스피',
  KOSDAQ: '코스닥',
};

export function getMarketLabel(market: Market): string {
  return MARKET_LABELS[market] ?? market;
}
