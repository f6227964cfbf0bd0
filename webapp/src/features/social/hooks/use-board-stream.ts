import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { openLiveStream } from '@/lib/live-stream';
import { readAgain } from '@/lib/read-again';

import { getPost } from '../api/get-post';
import { socialKeys } from '../api/query-keys';
import { BOARD_STREAM_EVENTS, getBoardStreamUrl, parsePostEvent, type BoardStreamEvent } from '../api/stream-posts';
import { insertPost, removePost, replacePost } from '../utils/post-cache';

/** What one event of the board's stream does to the cache. */
export async function applyBoardEvent(
  queryClient: QueryClient,
  securityId: string,
  event: BoardStreamEvent,
  data: string,
): Promise<void> {
  if (event === 'resync') {
    await readAgain(queryClient, [...socialKeys.postLists(), 'board', securityId]);
    return;
  }
  const postId = parsePostEvent(data);
  if (postId === null) return;
  if (event === 'post_deleted') {
    removePost(queryClient, postId);
    return;
  }
  // The post as this reader may see it (a hidden one without its text, unless it is theirs).
  let post;
  try {
    ({ post } = await getPost(postId, 'all'));
  } catch {
    // Gone already (deleted meanwhile: its own event follows) or unreachable: the next read
    // of the board shows it as it is.
    return;
  }
  if (post.security_id !== securityId) return;
  if (event === 'post_created') insertPost(queryClient, post);
  else replacePost(queryClient, post);
}

/**
 * Keeps an open board live (spec §4): a new post joins the front of its lists without a reload,
 * a deleted one leaves them, a hidden one shows as hidden. Events arrive in order and are
 * applied one after another. The stream is opened again whenever it ends (`openLiveStream`).
 * Each time it opens, the first time too, the board is read again: the server follows a board
 * from the moment the stream starts, so a post written between the board's first read and the
 * stream's start (or while it was away) would otherwise never show.
 */
export function useBoardStream(securityId: string, { enabled = true }: { enabled?: boolean } = {}): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let queue = Promise.resolve();
    const apply = (event: BoardStreamEvent, data: string) => {
      queue = queue.then(() => applyBoardEvent(queryClient, securityId, event, data)).catch(() => undefined);
    };
    const listeners = Object.fromEntries(
      BOARD_STREAM_EVENTS.map((name) => [name, (event: MessageEvent<string>) => apply(name, event.data)]),
    );
    return openLiveStream(getBoardStreamUrl(securityId), listeners, () => apply('resync', '{}'));
  }, [queryClient, securityId, enabled]);
}
