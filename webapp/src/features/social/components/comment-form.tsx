import { useState } from 'react';

import { useCreateComment } from '../api/create-comment';
import type { Commentable } from '../types';
import { alertError } from '../utils/alert-error';
import { COMMENT_MAX_LENGTH, clip, textLength } from '../utils/limits';
import { useMemberAction } from '../viewer';

import './social.css';

type CommentFormProps = {
  /** The post or insight article. */
  on: Commentable;
  /** A reply's parent comment; null for a comment on the post or article. */
  parentId?: number | null;
  onDone?: () => void;
  autoFocus?: boolean;
};

/**
 * Writes a comment or a reply (up to 300 characters, counted as typed). A visitor is sent to the
 * login with the text kept and comes back with it posted (CommentSection takes it).
 */
export function CommentForm({ on, parentId = null, onDone, autoFocus = false }: CommentFormProps) {
  const [content, setContent] = useState('');
  const create = useCreateComment();
  const asMember = useMemberAction();
  const trimmed = content.trim();
  const id = parentId === null ? `comment-${on.type}-${on.id}` : `reply-${parentId}`;
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed === '' || create.isPending) return;
        asMember({ kind: 'comment', on, parentId, content: trimmed }, () =>
          create.mutate(
            { on, parentId, content: trimmed },
            {
              onSuccess: () => {
                setContent('');
                onDone?.();
              },
              onError: alertError,
            },
          ),
        );
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {parentId === null ? '댓글 입력' : '답글 입력'}
      </label>
      <textarea
        id={id}
        className="social-textarea"
        rows={2}
        value={content}
        autoFocus={autoFocus}
        placeholder={parentId === null ? '댓글을 남겨보세요.' : '답글을 남겨보세요.'}
        onChange={(event) => setContent(clip(event.target.value, COMMENT_MAX_LENGTH))}
      />
      <div className="social-form__row">
        <span className="social-form__count">
          {textLength(content)}/{COMMENT_MAX_LENGTH}
        </span>
        <button type="submit" className="button" disabled={trimmed === '' || create.isPending}>
          등록
        </button>
      </div>
    </form>
  );
}
