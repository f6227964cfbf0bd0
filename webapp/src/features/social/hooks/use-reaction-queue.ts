import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';

import { createMutationQueue, type MutationQueue } from '@/lib/mutation-queue';

import { insightKeys } from '@/lib/query-keys';

import { reactTo } from '../api/react-to-post';
import type { CommentableType, Reactable } from '../types';
import { updatePost } from '../utils/post-cache';
import {
  emotionOf,
  nextEmotion,
  requestFor,
  withEmotion,
  type Emotion,
  type ReactionButton,
  type ReactionState,
} from '../utils/reactions';

type Shadow = { wanted: Emotion; basis: ReactionState; busy: boolean };

/**
 * A post's like and dislike buttons (spec §4) through the app's mutation queue: each tap moves
 * the shown reaction and counts at once (the optimistic shadow of the cache); requests run one
 * at a time, and taps made meanwhile merge into one final request (like, dislike or unlike)
 * for the last wanted reaction. The server's answer is then written wherever the post is
 * cached; a failure falls back to the server's state and is reported to `onError`.
 */
export function useReactionQueue(
  post: Reactable,
  { onError, type = 'post' }: { onError?: (error: unknown) => void; type?: CommentableType } = {},
) {
  const queryClient = useQueryClient();
  const serverState = useMemo<ReactionState>(
    () => ({ likes_count: post.likes_count, dislikes_count: post.dislikes_count, my_emotion: post.my_emotion }),
    [post.likes_count, post.dislikes_count, post.my_emotion],
  );
  const [shadow, setShadow] = useState<Shadow | null>(null);
  const latest = useRef({ on: { type, id: post.id }, onError });
  useEffect(() => {
    latest.current = { on: { type, id: post.id }, onError };
  });
  const queue = useRef<MutationQueue<ReactionState, Emotion> | null>(null);
  useEffect(() => queue.current?.setConfirmed(serverState), [serverState]);

  const optimistic = shadow && (shadow.busy || shadow.basis === serverState);
  const shown = optimistic ? withEmotion(shadow.basis, shadow.wanted) : serverState;

  const tap = (button: ReactionButton) => {
    const wanted = nextEmotion(emotionOf(shown), button);
    setShadow({ wanted, basis: optimistic ? shadow.basis : serverState, busy: true });
    queue.current ??= createMutationQueue<ReactionState, Emotion>({
      initial: serverState,
      reached: (state, target) => emotionOf(state) === target,
      run: (_confirmed, target) => reactTo(latest.current.on, requestFor(target)),
      onSettled: (state) => {
        setShadow((current) => (current ? { ...current, wanted: emotionOf(state), busy: false } : null));
        const { on } = latest.current;
        if (on.type === 'post') updatePost(queryClient, on.id, (cached) => ({ ...cached, ...state }));
        else void queryClient.invalidateQueries({ queryKey: insightKeys.detail(on.id) });
      },
      onError: (error) => {
        setShadow(null);
        latest.current.onError?.(error);
      },
    });
    queue.current.want(wanted);
  };

  return { shown, emotion: emotionOf(shown), tap };
}
