// Display formats (product spec §9): numbers with thousands separators and up
// to two decimals, percent 0.00%, time HH:mm and date MM.DD in Korea time.

const PLACEHOLDER = '-';
const KOREA_TIME_ZONE = 'Asia/Seoul';

/**
 * A formatter made on first use, not when the module loads: the first one made loads the
 * locale's data (about 15 ms on a fast machine), which would lengthen the single task in which
 * the page's scripts start.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** A Korean number formatter, made on first use. */
const koreanNumbers = (options: Intl.NumberFormatOptions) => onFirstUse(() => new Intl.NumberFormat('ko-KR', options));
/** A formatter of times in Korea, made on first use. */
const koreaTimes = (options: Intl.DateTimeFormatOptions) =>
  onFirstUse(() => new Intl.DateTimeFormat('en-US', { timeZone: KOREA_TIME_ZONE, ...options }));

const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

const numberFormat = koreanNumbers({ maximumFractionDigits: 2, signDisplay: 'negative' });
const signedNumberFormat = koreanNumbers({ maximumFractionDigits: 2, signDisplay: 'exceptZero' });
const percentFormat = koreanNumbers({ style: 'percent', ...TWO_DECIMALS, signDisplay: 'negative' });
const signedPercentFormat = koreanNumbers({ style: 'percent', ...TWO_DECIMALS, signDisplay: 'exceptZero' });
const koreaTimeFormat = koreaTimes({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const koreaDateFormat = koreaTimes({ month: '2-digit', day: '2-digit' });

function isValidNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `1234567` → `1,234,567`; `1234.5678` → `1,234.57`. */
export function formatNumber(value: number | null | undefined): string {
  return isValidNumber(value) ? numberFormat().format(value) : PLACEHOLDER;
}

/** Like {@link formatNumber} with an explicit sign: `+1,200`, `-1,200`, `0`. */
export function formatSignedNumber(value: number | null | undefined): string {
  return isValidNumber(value) ? signedNumberFormat().format(value) : PLACEHOLDER;
}

/** A ratio as percent with two decimals: `0.012345` → `1.23%`. */
export function formatPercent(ratio: number | null | undefined): string {
  return isValidNumber(ratio) ? percentFormat().format(ratio) : PLACEHOLDER;
}

/** A change ratio with its sign: `+1.23%`, `-1.23%`, `0.00%`. */
export function formatSignedPercent(ratio: number | null | undefined): string {
  return isValidNumber(ratio) ? signedPercentFormat().format(ratio) : PLACEHOLDER;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** Epoch milliseconds → `HH:mm` in Korea time. */
export function formatTime(epochMs: number | null | undefined): string {
  if (!isValidNumber(epochMs)) return PLACEHOLDER;
  const parts = koreaTimeFormat().formatToParts(epochMs);
  return `${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** Epoch milliseconds → `MM.DD` in Korea time. */
export function formatDate(epochMs: number | null | undefined): string {
  if (!isValidNumber(epochMs)) return PLACEHOLDER;
  const parts = koreaDateFormat().formatToParts(epochMs);
  return `${part(parts, 'month')}.${part(parts, 'day')}`;
}

const koreaFullDateFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: KOREA_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

const DATE_STRING = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A trading date `YYYY-MM-DD` → `MM.DD` (spec §9). */
export function formatDay(date: string | null | undefined): string {
  const match = date ? DATE_STRING.exec(date) : null;
  return match ? `${match[2]}.${match[3]}` : PLACEHOLDER;
}

/** A date `YYYY-MM-DD` → `YYYY.MM.DD`, for dates that may lie in another year. */
export function formatFullDay(date: string | null | undefined): string {
  const match = date ? DATE_STRING.exec(date) : null;
  return match ? `${match[1]}.${match[2]}.${match[3]}` : PLACEHOLDER;
}

/** Epoch ms → `YYYY-MM-DD` of that instant in Korea. */
export function toKoreaDateString(epochMs: number): string {
  const parts = koreaFullDateFormat().formatToParts(epochMs);
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
}

/**
 * When an article was published, as short as is clear: `HH:mm` today,
 * `MM.DD` earlier this year, `YYYY.MM.DD` before that (Korea time).
 */
export function formatPublishedAt(epochMs: number | null | undefined, now: number = Date.now()): string {
  if (!isValidNumber(epochMs)) return PLACEHOLDER;
  const day = toKoreaDateString(epochMs);
  const today = toKoreaDateString(now);
  if (day === today) return formatTime(epochMs);
  if (day.slice(0, 4) === today.slice(0, 4)) return formatDay(day);
  return formatFullDay(day);
}

const TRILLION = 1_000_000_000_000; // 조
const HUNDRED_MILLION = 100_000_000; // 억
const TEN_THOUSAND = 10_000; // 만

/**
 * A large KRW amount in Korean units, rounded down to the unit shown:
 * `432조 1,234억`, `8,890억`, `1,234만`; below 10,000 as a plain number.
 */
export function formatKoreanAmount(value: number | null | undefined): string {
  if (!isValidNumber(value)) return PLACEHOLDER;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs >= TRILLION) {
    const jo = Math.floor(abs / TRILLION);
    const eok = Math.floor((abs % TRILLION) / HUNDRED_MILLION);
    return `${sign}${numberFormat().format(jo)}조${eok > 0 ? ` ${numberFormat().format(eok)}억` : ''}`;
  }
  if (abs >= HUNDRED_MILLION) return `${sign}${numberFormat().format(Math.floor(abs / HUNDRED_MILLION))}억`;
  if (abs >= TEN_THOUSAND) return `${sign}${numberFormat().format(Math.floor(abs / TEN_THOUSAND))}만`;
  return numberFormat().format(value);
}
