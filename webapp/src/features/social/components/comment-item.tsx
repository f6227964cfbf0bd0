import { useState } from 'react';

import { openModal } from '@/components/modals/modal-store';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { toPaginatedList } from '@/lib/paginated-list';

import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import type { Comment, Commentable } from '../types';
import { alertError } from '../utils/alert-error';
import { DELETE_CONFIRM_MESSAGE, DELETED_COMMENT_MESSAGE, HIDDEN_POST_MESSAGE } from '../utils/labels';
import { useMemberAction } from '../viewer';

import { AuthorLine } from './author-line';
import { CommentForm } from './comment-form';
import { HiddenNotice } from './hidden-notice';
import { PostText } from './post-text';

import './social.css';

/** Opens the report modal for a comment (a visitor signs in first). */
function useReportComment() {
  const asMember = useMemberAction();
  return (commentId: number) =>
    asMember({ kind: 'report', type: 'comment', id: commentId }, () =>
      openModal({ type: 'report', props: { type: 'comment', id: commentId } }),
    );
}

/**
 * One comment: author, time, the text (삭제된 댓글입니다 once deleted under its replies; the
 * reason when hidden), its menu (commentSetting: delete own after 삭제 하시겠습니까?, a server
 * refusal alerted with its message, spec §8; report others') and, for a top-level comment, its
 * replies and 답글 달기 (not under a hidden post: `open` false).
 */
export function CommentItem({ comment, on, open = true }: { comment: Comment; on: Commentable; open?: boolean }) {
  const remove = useDeleteComment();
  const report = useReportComment();
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const isTopLevel = (comment.parent_id ?? null) === null;

  const openMenu = () =>
    openModal({
      type: 'commentSetting',
      props: {
        mine: comment.is_my_comment,
        onReport: () => report(comment.id),
        onDelete: () =>
          openModal({
            type: 'confirm',
            props: {
              message: DELETE_CONFIRM_MESSAGE,
              confirmLabel: '삭제',
              onConfirm: () => remove.mutate({ commentId: comment.id, on }, { onError: alertError }),
            },
          }),
      },
    });

  return (
    <div className={isTopLevel ? 'comment' : 'comment comment--reply'} data-comment-id={comment.id}>
      <div className="comment__head">
        <AuthorLine author={comment.author} createdAtMs={comment.created_at_ms} sample={comment.sample} />
        {comment.deleted ? null : (
          <button type="button" className="comment__menu" aria-label="댓글 메뉴" onClick={openMenu}>
            <span aria-hidden="true">⋯</span>
          </button>
        )}
      </div>
      <CommentBody comment={comment} />
      {isTopLevel ? (
        <div className="comment__actions">
          {comment.replies_count > 0 ? (
            <button type="button" className="comment__action" aria-expanded={showReplies} onClick={() => setShowReplies((open) => !open)}>
              답글 {comment.replies_count}개
            </button>
          ) : null}
          {!open || comment.deleted || comment.hidden ? null : (
            <button type="button" className="comment__action" onClick={() => setReplying((open) => !open)}>
              답글 달기
            </button>
          )}
        </div>
      ) : null}
      {isTopLevel && (showReplies || replying) ? <Replies comment={comment} on={on} open={open} /> : null}
      {isTopLevel && replying ? (
        <CommentForm
          on={on}
          parentId={comment.id}
          autoFocus
          onDone={() => {
            setReplying(false);
            setShowReplies(true);
          }}
        />
      ) : null}
    </div>
  );
}

function CommentBody({ comment }: { comment: Comment }) {
  if (comment.deleted) return <p className="comment__text comment__text--muted">{DELETED_COMMENT_MESSAGE}</p>;
  if (comment.hidden && (comment.content ?? null) === null) {
    return (
      <p className="comment__text comment__text--muted">
        {HIDDEN_POST_MESSAGE} · {comment.hidden.reason}
      </p>
    );
  }
  return (
    <>
      {comment.hidden ? (
        <HiddenNotice hidden={comment.hidden} mine={comment.is_my_comment} target={{ type: 'comment', id: comment.id }} />
      ) : null}
      <PostText text={comment.content ?? ''} className="comment__text" />
    </>
  );
}

/** A comment's replies, oldest first (one level). */
function Replies({ comment, on, open }: { comment: Comment; on: Commentable; open: boolean }) {
  const query = useComments({ kind: 'comment', id: comment.id }, { enabled: comment.replies_count > 0 });
  const list = toPaginatedList(
    query,
    (page) => page.comments,
    (page) => page.next_cursor,
  );
  if (comment.replies_count === 0) return null;
  return (
    <div className="comment__replies">
      <ul className="comment-list" aria-label="답글">
        {list.entities.map((reply) => (
          <li key={reply.id}>
            <CommentItem comment={reply} on={on} open={open} />
          </li>
        ))}
      </ul>
      <PaginatedListFooter list={list} loadMoreBy="button" />
    </div>
  );
}
