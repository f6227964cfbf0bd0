// Sample API objects for tests, shaped by the generated schema types.
import type { components } from '@/lib/api';

type Quote = components['schemas']['Quote'];
type Security = components['schemas']['Security'];
type Asset = components['schemas']['Asset'];

/** 2026-05-08 10:23 in Seoul. */
export const SAMPLE_TRADED_AT = Date.UTC(2026, 4, 8, 1, 23);

export function createSecurity(overrides: Partial<Security> = {}): Security {
  return {
    security_id: 'KOREA-A005930',
    short_code: 'A005930',
    code: '005930',
    name: '삼성전자',
    name_en: 'Samsung Electronics',
    market: 'KOSPI',
    shares_outstanding: 5_969_782_550,
    etf: false,
    ...overrides,
  };
}

export function createQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    security_id: 'KOREA-A005930',
    price: 72_300,
    previous_close: 71_100,
    change: 1_200,
    change_rate: 0.016878,
    change_type: 'RISE',
    open: 71_500,
    high: 72_800,
    low: 71_200,
    volume: 12_345_678,
    trading_value: 889_000_000_000,
    upper_limit: 92_400,
    lower_limit: 49_800,
    session: 'REGULAR',
    traded_at: SAMPLE_TRADED_AT,
    vi: false,
    ...overrides,
  };
}


export function createAsset(overrides: Partial<Asset> = {}): Asset {
  return {
    asset_id: 'INDEX-KOSPI',
    short_code: 'KOSPI',
    name: '코스피',
    kind: 'INDEX',
    price: 2_650.12,
    previous_close: 2_640.5,
    change: 9.62,
    change_rate: 9.62 / 2_640.5,
    change_type: 'RISE',
    open: 2_641,
    high: 2_655.3,
    low: 2_638.9,
    traded_at: SAMPLE_TRADED_AT,
    session: 'REGULAR',
    ...overrides,
  };
}

type TrendStock = components['schemas']['TrendStock'];
type WicsSector = components['schemas']['WicsSector'];

/** A stock as the trend lists give it: `종목1` (KOREA-A100001), `종목2`, … on KOSPI. */
export function createTrendStock(n: number, overrides: Partial<TrendStock> = {}): TrendStock {
  return {
    security_id: `KOREA-A${100_000 + n}`,
    name: `종목${n}`,
    market: 'KOSPI',
    price: 10_000 + n,
    change: 100,
    change_rate: 0.01,
    change_type: 'RISE',
    volume: 1_000_000,
    trading_value: 123_400_000_000,
    market_cap: 4_321_000_000_000,
    score: 0,
    ...overrides,
  };
}

/** A WICS industry group: `G4530` 반도체와반도체장비 unless overridden. */
export function createWicsSector(overrides: Partial<WicsSector> = {}): WicsSector {
  return {
    wics_sector_code: 'G4530',
    name: '반도체와반도체장비',
    parent_code: 'G45',
    parent_name: 'IT',
    change_rate: 0.012,
    market_cap: 600_000_000_000_000,
    trading_value: 5_000_000_000_000,
    components_count: 120,
    rising_count: 80,
    falling_count: 30,
    components: [],
    ...overrides,
  };
}
