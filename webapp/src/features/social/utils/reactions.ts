// Reactions on a post (spec §4): like moves a disliked post to liked, dislike the reverse;
// liking an already liked post sends unlike, and disliking an already disliked one too. The
// counts follow each step: the member's old reaction leaves its count, the new one joins its own.

/** What the member has on a post: one reaction or none. */
export type Emotion = 'liked' | 'disliked' | 'none';

/** The buttons. */
export type ReactionButton = 'like' | 'dislike';

/** The request that takes the server to an emotion (POST /posts/{id}/like, /dislike, /unlike). */
export type ReactionRequest = 'like' | 'dislike' | 'unlike';

/** A post's reactions as the server gives them (`{likes_count, dislikes_count, my_emotion}`). */
export type ReactionState = {
  likes_count: number;
  dislikes_count: number;
  my_emotion: { liked: boolean; disliked: boolean };
};

export function emotionOf(state: Pick<ReactionState, 'my_emotion'>): Emotion {
  if (state.my_emotion.liked) return 'liked';
  if (state.my_emotion.disliked) return 'disliked';
  return 'none';
}

/** The emotion a tap on `button` leads to from `current` (a second tap on the same one undoes it). */
export function nextEmotion(current: Emotion, button: ReactionButton): Emotion {
  const target: Emotion = button === 'like' ? 'liked' : 'disliked';
  return current === target ? 'none' : target;
}

/** The request that moves the server from any emotion to `wanted`. */
export function requestFor(wanted: Emotion): ReactionRequest {
  if (wanted === 'liked') return 'like';
  if (wanted === 'disliked') return 'dislike';
  return 'unlike';
}

/** `state` with the member's emotion moved to `to`, its counts adjusted as spec §4 says. */
export function withEmotion<S extends ReactionState>(state: S, to: Emotion): S {
  const from = emotionOf(state);
  if (from === to) return state;
  const likes = state.likes_count - (from === 'liked' ? 1 : 0) + (to === 'liked' ? 1 : 0);
  const dislikes = state.dislikes_count - (from === 'disliked' ? 1 : 0) + (to === 'disliked' ? 1 : 0);
  return {
    ...state,
    likes_count: Math.max(0, likes),
    dislikes_count: Math.max(0, dislikes),
    my_emotion: { liked: to === 'liked', disliked: to === 'disliked' },
  };
}
