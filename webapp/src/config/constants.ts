// Shared constants and fixed UI copy.

/** Shown on every screen that displays prices: the data is never live market data. */
export const SAMPLE_DATA_NOTICE = '샘플 데이터 · 실제 KRX 과거 시세 기반 모의 시세';

/** Quotes are pushed by the live stream; a refetch is only a fallback. */
export const QUOTE_STALE_TIME_MS = 30_000;

/** Security master data (name, code, market) rarely changes. */
export const SECURITY_STALE_TIME_MS = 5 * 60_000;

/** The quote stream accepts at most this many ids per connection. */
export const MAX_STREAM_SECURITY_IDS = 50;

/** Shown on screens of generated data (investors, traders, financial statements). */
export const GENERATED_DATA_NOTICE = '샘플 데이터 · 실제 수치가 아닌 생성된 예시 데이터';
