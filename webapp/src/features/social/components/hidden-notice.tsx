import { useState } from 'react';

import { formatPublishedAt } from '@/lib/format';

import { useCreateObjection } from '../api/create-objection';
import type { Hidden } from '../types';
import { alertError } from '../utils/alert-error';
import { HIDDEN_POST_MESSAGE } from '../utils/labels';
import { OBJECTION_MAX_LENGTH, clip, textLength } from '../utils/limits';

import './social.css';

type HiddenNoticeProps = {
  hidden: Hidden;
  /** The author sees the reason with their own text, and may object once. */
  mine: boolean;
  target: { type: 'post' | 'comment'; id: number };
};

/**
 * A hidden post or comment, moderated in the open: others read 신고로 숨겨진 글입니다 with the
 * reason; its author reads the reason and can object once (the objection reopens the case).
 */
export function HiddenNotice({ hidden, mine, target }: HiddenNoticeProps) {
  return (
    <div className="hidden-notice" role="note">
      <p className="hidden-notice__title">{mine ? '내 글이 숨겨졌습니다' : HIDDEN_POST_MESSAGE}</p>
      <p className="hidden-notice__reason">사유: {hidden.reason}</p>
      {mine && hidden.objection ? (
        <p className="hidden-notice__objection">
          이의 신청 ({formatPublishedAt(hidden.objection.created_at_ms)}): {hidden.objection.text}
          <br />
          운영자가 다시 검토합니다.
        </p>
      ) : null}
      {mine && !hidden.objection && hidden.can_object ? <ObjectionForm target={target} /> : null}
    </div>
  );
}

function ObjectionForm({ target }: { target: HiddenNoticeProps['target'] }) {
  const [text, setText] = useState('');
  const objection = useCreateObjection();
  const length = textLength(text.trim());
  return (
    <form
      className="objection-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (length === 0 || objection.isPending) return;
        objection.mutate({ ...target, text: text.trim() }, { onError: alertError });
      }}
    >
      <label className="objection-form__label" htmlFor={`objection-${target.type}-${target.id}`}>
        이의 신청
      </label>
      <textarea
        id={`objection-${target.type}-${target.id}`}
        className="social-textarea"
        rows={3}
        value={text}
        placeholder="숨김이 잘못되었다고 생각하시면 이유를 적어주세요."
        onChange={(event) => setText(clip(event.target.value, OBJECTION_MAX_LENGTH))}
      />
      <div className="social-form__row">
        <span className="social-form__count">
          {textLength(text)}/{OBJECTION_MAX_LENGTH}
        </span>
        <button type="submit" className="button" disabled={length === 0 || objection.isPending}>
          이의 신청하기
        </button>
      </div>
    </form>
  );
}
