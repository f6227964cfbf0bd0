import { formatNumber } from '@/lib/format';

import { useReactionQueue } from '../hooks/use-reaction-queue';
import type { CommentableType, Reactable } from '../types';
import { alertError } from '../utils/alert-error';
import type { ReactionButton } from '../utils/reactions';
import { useMemberAction, usePendingAction } from '../viewer';

import './social.css';

/**
 * 좋아요 and 싫어요 with their counts (spec §4): a tap on one moves the member's reaction there,
 * a second tap on the same one takes it back; the counts follow at once. A visitor signs in
 * first and comes back with the tap done. A hidden post takes no reactions.
 */
export function ReactionBar({ post, type = 'post' }: { post: Reactable; type?: CommentableType }) {
  const { shown, emotion, tap } = useReactionQueue(post, { onError: alertError, type });
  const asMember = useMemberAction();
  const on = { type, id: post.id };
  usePendingAction(
    (action) => action.kind === 'react' && action.on.type === type && action.on.id === post.id,
    (action) => {
      if (action.kind === 'react') tap(action.button);
    },
  );
  const disabled = Boolean(post.hidden);
  const press = (button: ReactionButton) => asMember({ kind: 'react', on, button }, () => tap(button));
  return (
    <div className="reaction-bar" role="group" aria-label="공감">
      <button
        type="button"
        className="reaction-bar__button reaction-bar__button--like"
        aria-pressed={emotion === 'liked'}
        disabled={disabled}
        onClick={() => press('like')}
      >
        좋아요 <span className="reaction-bar__count">{formatNumber(shown.likes_count)}</span>
      </button>
      <button
        type="button"
        className="reaction-bar__button reaction-bar__button--dislike"
        aria-pressed={emotion === 'disliked'}
        disabled={disabled}
        onClick={() => press('dislike')}
      >
        싫어요 <span className="reaction-bar__count">{formatNumber(shown.dislikes_count)}</span>
      </button>
    </div>
  );
}
