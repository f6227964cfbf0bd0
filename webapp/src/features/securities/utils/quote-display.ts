// How quote enumerations read on screen (the change display is shared: lib/change-display.ts,
// and so is the market label: lib/market-label.ts).
import type { MarketSession } from '../types';

export const SESSION_LABELS: Record<MarketSession, string> = {
  PRE_MARKET: '장 시작 전',
  OPENING_AUCTION: '장 시작 동시호가',
  REGULAR: '장 중',
  CLOSING_AUCTION: '장 마감 동시호가',
  AFTER_HOURS: '시간외',
  CLOSED: '장 마감',
};

export function getSessionLabel(session: MarketSession): string {
  return SESSION_LABELS[session] ?? '';
}
