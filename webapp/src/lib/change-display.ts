// How a price change reads and looks on screen (spec §3: UPPER_LIMIT, RISE,
// EVEN, FALL, LOWER_LIMIT; limit kinds use a distinct style). KRX colours:
// rise red, fall blue. The `change--*` classes are defined in index.css.
import type { components } from '@/lib/api';

export type ChangeType = components['schemas']['Quote']['change_type'];

export type ChangeDisplay = {
  /** CSS modifier: `change--rise`, `change--upper-limit`, … */
  className: string;
  /** Arrow shown before the change amount ('' for no change). */
  arrow: string;
  /** Badge text for price-limit moves. */
  badge: string | null;
  /** Spoken description for screen readers. */
  label: string;
};

export const CHANGE_DISPLAY: Record<ChangeType, ChangeDisplay> = {
  UPPER_LIMIT: { className: 'change--upper-limit', arrow: '↑', badge: '상한가', label: '상한가' },
  RISE: { className: 'change--rise', arrow: '▲', badge: null, label: '상승' },
  EVEN: { className: 'change--even', arrow: '', badge: null, label: '보합' },
  FALL: { className: 'change--fall', arrow: '▼', badge: null, label: '하락' },
  LOWER_LIMIT: { className: 'change--lower-limit', arrow: '↓', badge: '하한가', label: '하한가' },
};

export function getChangeDisplay(changeType: ChangeType): ChangeDisplay {
  return CHANGE_DISPLAY[changeType] ?? CHANGE_DISPLAY.EVEN;
}

/** The direction of a plain number (a change or a net amount): `change--rise`, `change--fall` or `change--even`. */
export function getSignClassName(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) return 'change--even';
  return value > 0 ? 'change--rise' : 'change--fall';
}
