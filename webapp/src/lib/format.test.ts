import { describe, expect, it } from 'vitest';

import {
  formatDate,
  formatNumber,
  formatPercent,
  formatSignedNumber,
  formatSignedPercent,
  formatTime,
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
