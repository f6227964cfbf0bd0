import { openModal } from '@/components/modals/modal-store';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { formatNumber } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/get-comments';
import type { Commentable } from '../types';
import { alertError } from '../utils/alert-error';
import { usePendingAction, useSocialViewer } from '../viewer';

import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

import './social.css';

type CommentSectionProps = {
  /** A post or an insight article. */
  on: Commentable;
  commentsCount: number;
  /** Whether it takes comments (a hidden post does not). */
  open?: boolean;
};

/**
 * The comments of a post or an insight article, oldest first, with replies one level deep, and
 * the comment form. What a visitor wrote or reported before signing in is done here on the way
 * back.
 */
export function CommentSection({ on, commentsCount, open = true }: CommentSectionProps) {
  const query = useComments(on.type === 'post' ? { kind: 'post', id: on.id } : { kind: 'insight_article', id: on.id });
  const list = toPaginatedList(
    query,
    (page) => page.comments,
    (page) => page.next_cursor,
  );
  const create = useCreateComment();
  const { signedIn } = useSocialViewer();
  usePendingAction(
    (action) =>
      (action.kind === 'comment' && action.on.type === on.type && action.on.id === on.id) ||
      (action.kind === 'report' && action.type === 'comment'),
    (action) => {
      if (action.kind === 'comment') {
        create.mutate({ on: action.on, parentId: action.parentId, content: action.content }, { onError: alertError });
      } else if (action.kind === 'report') {
        openModal({ type: 'report', props: { type: action.type, id: action.id } });
      }
    },
  );
  return (
    <section className="comment-section" id="comments" aria-label="댓글">
      <h2 className="comment-section__title">
        댓글 <span>{formatNumber(commentsCount)}</span>
      </h2>
      <ul className="comment-list" aria-label="댓글 목록">
        {list.entities.map((comment) => (
          <li key={comment.id}>
            <CommentItem comment={comment} on={on} open={open} />
          </li>
        ))}
      </ul>
      <PaginatedListFooter list={list} emptyMessage="첫 댓글을 남겨보세요." />
      {open ? (
        <CommentForm on={on} />
      ) : (
        <p className="comment-section__closed">숨겨진 글에는 댓글을 달 수 없습니다.</p>
      )}
      {signedIn ? null : <p className="comment-section__hint">댓글을 쓰려면 로그인이 필요합니다. 등록하면 로그인 후 남겨집니다.</p>}
    </section>
  );
}
