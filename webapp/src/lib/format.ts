// Display formats (product spec §9): numbers with thousands separators and up
// to two decimals, percent 0.00%, time HH:mm and date MM.DD in Korea time.

const PLACEHOLDER = '-';
const KOREA_TIME_ZONE = 'Asia/Seoul';

const numberFormat = new Intl.NumberFormat('ko-KR', {
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});

const signedNumberFormat = new Intl.NumberFormat('ko-KR', {
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

const percentFormat = new Intl.NumberFormat('ko-KR', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});

const signedPercentFormat = new Intl.NumberFormat('ko-KR', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

const koreaTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: KOREA_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const koreaDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: KOREA_TIME_ZONE,
  month: '2-digit',
  day: '2-digit',
});

function isValidNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `1234567` → `1,234,567`; `1234.5678` → `1,234.57`. */
export function formatNumber(value: number | null | undefined): string {
  return isValidNumber(value) ? numberFormat.format(value) : PLACEHOLDER;
}

/** Like {@link formatNumber} with an explicit sign: `+1,200`, `-1,200`, `0`. */
export function formatSignedNumber(value: number | null | undefined): string {
  return isValidNumber(value) ? signedNumberFormat.format(value) : PLACEHOLDER;
}

/** A ratio as percent with two decimals: `0.012345` → `1.23%`. */
export function formatPercent(ratio: number | null | undefined): string {
  return isValidNumber(ratio) ? percentFormat.format(ratio) : PLACEHOLDER;
}

/** A change ratio with its sign: `+1.23%`, `-1.23%`, `0.00%`. */
export function formatSignedPercent(ratio: number | null | undefined): string {
  return isValidNumber(ratio) ? signedPercentFormat.format(ratio) : PLACEHOLDER;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** Epoch milliseconds → `HH:mm` in Korea time. */
export function formatTime(epochMs: number | null | undefined): string {
  if (!isValidNumber(epochMs)) return PLACEHOLDER;
  const parts = koreaTimeFormat.formatToParts(epochMs);
  return `${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** Epoch milliseconds → `MM.DD` in Korea time. */
export function formatDate(epochMs: number | null | undefined): string {
  if (!isValidNumber(epochMs)) return PLACEHOLDER;
  const parts = koreaDateFormat.formatToParts(epochMs);
  return `${part(parts, 'month')}.${part(parts, 'day')}`;
}
