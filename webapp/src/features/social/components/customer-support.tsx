import { useState } from 'react';

import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { formatPublishedAt } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useSupportMessages } from '../api/get-support-messages';
import { useSendSupportMessage } from '../api/send-support-message';
import type { SupportCategory, SupportMessage } from '../types';
import { alertError } from '../utils/alert-error';
import { FAQS } from '../utils/faq';
import { SUPPORT_MESSAGE_MAX_LENGTH, clip, textLength } from '../utils/limits';
import { useSocialViewer } from '../viewer';

import { PostText } from './post-text';

import './customer-support.css';
import './social.css';

/** 문의 유형, in the order the form offers them. */
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  service: '서비스 이용',
  account: '계정·회원',
  market: '시세·데이터',
  community: '커뮤니티·신고',
  bug: '오류 신고',
  other: '기타',
};

/** 자주 묻는 질문: each question opens its answer. */
export function FaqList() {
  return (
    <ul className="faq" aria-label="자주 묻는 질문">
      {FAQS.map((faq) => (
        <li key={faq.question}>
          <details className="faq__item">
            <summary className="faq__question">{faq.question}</summary>
            <p className="faq__answer">{faq.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * 1:1 문의: a member writes to the operators and reads their answers below; a visitor is
 * offered the login first (the messages are the member's own).
 */
export function SupportDesk() {
  const viewer = useSocialViewer();
  if (!viewer.signedIn) {
    return (
      <div className="support-desk__visitor">
        <p>문의를 남기고 답변을 받으려면 로그인해주세요.</p>
        <button type="button" className="button" onClick={viewer.login}>
          로그인하고 문의하기
        </button>
      </div>
    );
  }
  return (
    <>
      <SupportForm />
      <h3 className="support-desk__heading">내 문의 내역</h3>
      <MySupportMessages />
    </>
  );
}

function SupportForm() {
  const [category, setCategory] = useState<SupportCategory | ''>('');
  const [body, setBody] = useState('');
  const [sent, setSent] = useState(false);
  const send = useSendSupportMessage();
  const trimmed = body.trim();
  const ready = category !== '' && trimmed !== '' && !send.isPending;
  return (
    <form
      className="support-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        send.mutate(
          { category, body: trimmed },
          {
            onSuccess: () => {
              setBody('');
              setCategory('');
              setSent(true);
            },
            onError: alertError,
          },
        );
      }}
    >
      <label className="support-form__label" htmlFor="support-category">
        문의 유형
      </label>
      <select
        id="support-category"
        className="support-form__select"
        value={category}
        onChange={(event) => {
          setCategory(event.target.value as SupportCategory | '');
          setSent(false);
        }}
      >
        <option value="">선택해주세요</option>
        {Object.entries(SUPPORT_CATEGORY_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <label className="support-form__label" htmlFor="support-body">
        문의 내용
      </label>
      <textarea
        id="support-body"
        className="social-textarea"
        rows={6}
        value={body}
        placeholder="궁금한 점이나 불편한 점을 적어주세요. 답변은 아래 내 문의 내역에서 확인할 수 있습니다."
        onChange={(event) => {
          setBody(clip(event.target.value, SUPPORT_MESSAGE_MAX_LENGTH));
          setSent(false);
        }}
      />
      <div className="social-form__row">
        <span className="social-form__count">
          {textLength(body)}/{SUPPORT_MESSAGE_MAX_LENGTH}
        </span>
        <button type="submit" className="button" disabled={!ready}>
          문의하기
        </button>
      </div>
      {sent ? (
        <p className="support-form__sent" role="status">
          문의가 접수되었습니다. 답변이 등록되면 내 문의 내역에서 확인할 수 있습니다.
        </p>
      ) : null}
    </form>
  );
}

function MySupportMessages() {
  const list = toPaginatedList(
    useSupportMessages(),
    (page) => page.messages,
    (page) => page.next_cursor,
  );
  return (
    <>
      <ul className="support-messages" aria-label="내 문의 내역">
        {list.entities.map((message) => (
          <li key={message.id}>
            <SupportMessageItem message={message} />
          </li>
        ))}
      </ul>
      <PaginatedListFooter list={list} emptyMessage="아직 남긴 문의가 없습니다." endMessage="마지막 문의입니다." />
    </>
  );
}

function SupportMessageItem({ message }: { message: SupportMessage }) {
  const answered = message.answer != null && message.answered_at_ms != null;
  return (
    <article className="support-message">
      <p className="support-message__meta">
        {SUPPORT_CATEGORY_LABELS[message.category]} · {formatPublishedAt(message.sent_at_ms)} ·{' '}
        <span className={answered ? 'support-message__status--answered' : 'support-message__status'}>
          {answered ? '답변 완료' : '답변 대기'}
        </span>
      </p>
      <PostText text={message.body} className="support-message__body" />
      {answered ? (
        <div className="support-message__answer">
          <p className="support-message__answer-title">
            답변 · {formatPublishedAt(message.answered_at_ms ?? 0)}
          </p>
          <PostText text={message.answer ?? ''} className="support-message__body" />
        </div>
      ) : null}
    </article>
  );
}
