// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { emotionOf, nextEmotion, requestFor, withEmotion, type ReactionState } from './reactions';

const state = (likes: number, dislikes: number, liked = false, disliked = false): ReactionState => ({
  likes_count: likes,
  dislikes_count: dislikes,
  my_emotion: { liked, disliked },
});

describe('reaction transitions (spec §4)', () => {
  it('likes a post with no reaction, and unlikes it on a second tap', () => {
    const liked = withEmotion(state(3, 1), nextEmotion('none', 'like'));
    expect(liked).toEqual(state(4, 1, true));
    expect(nextEmotion(emotionOf(liked), 'like')).toBe('none');
    expect(requestFor(nextEmotion(emotionOf(liked), 'like'))).toBe('unlike');
    expect(withEmotion(liked, 'none')).toEqual(state(3, 1));
  });

  it('moves a disliked post to liked, and back', () => {
    const disliked = state(3, 2, false, true);
    expect(nextEmotion('disliked', 'like')).toBe('liked');
    expect(requestFor('liked')).toBe('like');
    const liked = withEmotion(disliked, 'liked');
    expect(liked).toEqual(state(4, 1, true));
    expect(withEmotion(liked, nextEmotion('liked', 'dislike'))).toEqual(state(3, 2, false, true));
  });

  it('dislikes and undislikes with the dislike button', () => {
    expect(nextEmotion('none', 'dislike')).toBe('disliked');
    expect(nextEmotion('disliked', 'dislike')).toBe('none');
    expect(requestFor('disliked')).toBe('dislike');
    expect(withEmotion(state(0, 0), 'disliked')).toEqual(state(0, 1, false, true));
    expect(withEmotion(state(0, 1, false, true), 'none')).toEqual(state(0, 0));
  });

  it('reads the emotion and leaves a state already there untouched', () => {
    expect(emotionOf(state(1, 0, true))).toBe('liked');
    expect(emotionOf(state(0, 1, false, true))).toBe('disliked');
    expect(emotionOf(state(0, 0))).toBe('none');
    const same = state(1, 0, true);
    expect(withEmotion(same, 'liked')).toBe(same);
  });
});
