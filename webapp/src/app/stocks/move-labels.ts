// Words of "why it moved" shared by the chart's markers (in the stock page's chunk) and the
// sheet (loaded on first tap), so the markers need none of the sheet's code.
import { formatFullDay, formatNumber, formatTime } from '@/lib/format';

import type { Move } from '@/features/charts/types';

/** When the move happened: `10:32–10:41` today, or its date. */
export function moveTimeLabel(move: Move, intraday: boolean): string {
  if (!intraday) return formatFullDay(move.date);
  const start = formatTime(move.start);
  const end = formatTime(move.end);
  return start === end ? start : `${start}–${end}`;
}

/** `게시글 12개 · 평소의 4배`, or why there is no figure. */
export function boardSummary(board: Move['board']): string {
  if (!board.covered) return '게시글은 최근 7일 것만 집계해 이 무렵의 토론 기록이 없습니다.';
  if (board.posts === 0) return '이 무렵 올라온 게시글이 없습니다.';
  const count = `게시글 ${formatNumber(board.posts)}개`;
  if (board.ratio === null || board.ratio === undefined) return `${count} · 평소에는 글이 거의 없었습니다`;
  const times = board.ratio >= 10 ? Math.round(board.ratio) : Math.round(board.ratio * 10) / 10;
  return `${count} · 평소의 ${formatNumber(times)}배`;
}
