// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  formatDate,
  formatDay,
  formatFullDay,
  formatKoreanAmount,
  formatNumber,
  formatPublishedAt,
  formatPercent,
  formatSignedNumber,
  formatSignedPercent,
  formatTime,
  toKoreaDateString,
} from './format';

describe('formatNumber', () => {
  it('adds thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });

  it('keeps at most two decimals', () => {
    expect(formatNumber(1234.5678)).toBe('1,234.57');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(12.004)).toBe('12');
  });

  it('formats negatives without a negative zero', () => {
    expect(formatNumber(-1234567)).toBe('-1,234,567');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.001)).toBe('0');
  });

  it('shows a placeholder for missing values', () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber(Number.NaN)).toBe('-');
  });
});

describe('formatSignedNumber', () => {
  it('shows the sign of a change', () => {
    expect(formatSignedNumber(1200)).toBe('+1,200');
    expect(formatSignedNumber(-1200)).toBe('-1,200');
    expect(formatSignedNumber(0)).toBe('0');
  });
});

describe('formatPercent', () => {
  it('formats a ratio with two decimals', () => {
    expect(formatPercent(0.012345)).toBe('1.23%');
    expect(formatPercent(0.3)).toBe('30.00%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0.012345)).toBe('-1.23%');
  });
});

describe('formatSignedPercent', () => {
  it('shows the sign of a change', () => {
    expect(formatSignedPercent(0.012345)).toBe('+1.23%');
    expect(formatSignedPercent(-0.012345)).toBe('-1.23%');
    expect(formatSignedPercent(0)).toBe('0.00%');
  });

  it('does not sign a change that rounds to zero', () => {
    expect(formatSignedPercent(0.00001)).toBe('0.00%');
    expect(formatSignedPercent(-0.00001)).toBe('0.00%');
  });
});

describe('formatTime', () => {
  it('formats HH:mm in Korea time', () => {
    // 2026-05-08T00:05:00Z is 09:05 in Seoul (UTC+9).
    expect(formatTime(Date.UTC(2026, 4, 8, 0, 5))).toBe('09:05');
    // 2026-05-08T06:30:00Z is 15:30 in Seoul.
    expect(formatTime(Date.UTC(2026, 4, 8, 6, 30))).toBe('15:30');
    // Midnight in Seoul is 00, not 24.
    expect(formatTime(Date.UTC(2026, 4, 7, 15, 0))).toBe('00:00');
  });

  it('shows a placeholder for missing values', () => {
    expect(formatTime(undefined)).toBe('-');
  });
});

describe('formatDate', () => {
  it('formats MM.DD in Korea time', () => {
    expect(formatDate(Date.UTC(2026, 4, 8, 0, 5))).toBe('05.08');
    // 2026-12-31T20:00:00Z is already January 1st in Seoul.
    expect(formatDate(Date.UTC(2026, 11, 31, 20, 0))).toBe('01.01');
  });
});

describe('dates of trading days', () => {
  it('formats YYYY-MM-DD as MM.DD or YYYY.MM.DD', () => {
    expect(formatDay('2026-05-08')).toBe('05.08');
    expect(formatFullDay('2026-05-08')).toBe('2026.05.08');
    expect(formatDay('2026/05/08')).toBe('-');
    expect(formatFullDay(null)).toBe('-');
  });

  it('takes the Korean date of an instant', () => {
    // 2026-05-08 23:30 UTC is already 05-09 in Seoul.
    expect(toKoreaDateString(Date.UTC(2026, 4, 8, 23, 30))).toBe('2026-05-09');
  });
});

describe('formatPublishedAt', () => {
  const now = Date.UTC(2026, 4, 8, 6, 0); // 15:00 in Seoul
  it('shows the time for today, MM.DD this year and the full date before', () => {
    expect(formatPublishedAt(Date.UTC(2026, 4, 8, 0, 5), now)).toBe('09:05');
    expect(formatPublishedAt(Date.UTC(2026, 0, 2, 3, 0), now)).toBe('01.02');
    expect(formatPublishedAt(Date.UTC(2025, 11, 30, 3, 0), now)).toBe('2025.12.30');
    expect(formatPublishedAt(null, now)).toBe('-');
  });
});

describe('formatKoreanAmount', () => {
  it('uses 조, 억 and 만', () => {
    expect(formatKoreanAmount(432_123_456_789_012)).toBe('432조 1,234억');
    expect(formatKoreanAmount(3_000_000_000_000)).toBe('3조');
    expect(formatKoreanAmount(889_012_345_678)).toBe('8,890억');
    expect(formatKoreanAmount(12_345_678)).toBe('1,234만');
    expect(formatKoreanAmount(9_999)).toBe('9,999');
    expect(formatKoreanAmount(-250_000_000)).toBe('-2억');
    expect(formatKoreanAmount(undefined)).toBe('-');
  });
});
