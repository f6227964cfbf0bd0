// GET /api/v1/securities/{security_id}/posts/stream (public): a board's live events as
// Server-Sent Events: `post_created`, `post_deleted`, `post_hidden` (each `{post_id}`; the board
// then asks for the post) and `resync` (events may have been missed: read the board again).
// hooks/use-board-stream.ts opens it and writes what it says into the cache.
import { env } from '@/config/env';
import type { paths } from '@/lib/api';

import { apiPath } from './path';

const STREAM_PATH = '/api/v1/securities/{security_id}/posts/stream' satisfies keyof paths;

export const BOARD_STREAM_EVENTS = ['post_created', 'post_deleted', 'post_hidden', 'resync'] as const;
export type BoardStreamEvent = (typeof BOARD_STREAM_EVENTS)[number];

/** URL of a board's stream, on the same host and base as the typed `socialApi` client. */
export function getBoardStreamUrl(securityId: string, base: string = env.SOCIAL_API_BASE): string {
  return `${base}${apiPath(STREAM_PATH, { security_id: securityId })}`;
}

/** The post id an event names, or null if its data is not `{post_id: <integer>}`. */
export function parsePostEvent(data: string): number | null {
  try {
    const parsed: unknown = JSON.parse(data);
    const id = typeof parsed === 'object' && parsed !== null ? (parsed as { post_id?: unknown }).post_id : undefined;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
