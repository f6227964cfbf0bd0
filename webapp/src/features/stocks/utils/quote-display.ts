// How quote enumerations read and look on screen.
import type { ChangeType, Market, MarketSession } from '../types';

export const MARKET_LABELS: Record<Market, string> = {
  KOSPI: '코스피',
  KOSDAQ: '코스닥',
};

export const SESSION_LABELS: Record<MarketSession, string> = {
  PRE_MARKET: '장 시작 전',
  OPENING_AUCTION: '장 시작 동시호가',
  REGULAR: '장 중',
  CLOSING_AUCTION: '장 마감 동시호가',
  AFTER_HOURS: '시간외',
  CLOSED: '장 마감',
};

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

export function getSessionLabel(session: MarketSession): string {
  return SESSION_LABELS[session] ?? '';
}

export function getMarketLabel(market: Market): string {
  return MARKET_LABELS[market] ?? market;
}
