import { useState } from 'react';

import type { ModalProps } from '@/components/modals/modal-host';
import { openModal } from '@/components/modals/modal-store';
import { asApiError } from '@/lib/api/as-api-error';

import { useCreateReport } from '../api/create-report';
import { REPORT_REASONS } from '../utils/labels';
import { REPORT_TEXT_MAX_LENGTH, textLength } from '../utils/limits';
import { EMPTY_REPORT_FORM, canSend, chooseReason, textEnabled, typeReportText } from '../utils/report-form';

import '@/components/modals/modal.css';
import './social.css';

/**
 * The report modal (spec §2, §4, §5): the seven reasons, one chosen at a time (a second tap
 * deselects it), the text box only with 기타 (up to 500 characters). Sending resets the
 * selection and closes; a refusal (already reported, …) shows the server's message.
 */
export default function ReportModal({ type, id, close }: ModalProps<'report'>) {
  const [form, setForm] = useState(EMPTY_REPORT_FORM);
  const report = useCreateReport();
  const refusal = report.isError ? asApiError(report.error).message : null;
  const send = () => {
    if (!form.reason || report.isPending) return;
    report.mutate(
      { type, id, reportType: form.reason, content: form.text.trim() },
      {
        onSuccess: () => {
          setForm(EMPTY_REPORT_FORM);
          close();
          openModal({ type: 'alert', props: { message: '신고가 접수되었습니다.' } });
        },
      },
    );
  };
  return (
    <div className="modal-dialog report-modal" aria-labelledby="report-title">
      <h2 id="report-title" className="report-modal__title">
        {type === 'post' ? '게시글 신고' : '댓글 신고'}
      </h2>
      <div className="report-modal__reasons" role="group" aria-label="신고 사유">
        {REPORT_REASONS.map((reason) => (
          <button
            key={reason.value}
            type="button"
            className="report-modal__reason"
            aria-pressed={form.reason === reason.value}
            onClick={() => setForm((current) => chooseReason(current, reason.value))}
          >
            {reason.label}
          </button>
        ))}
      </div>
      <label className="visually-hidden" htmlFor="report-text">
        신고 내용
      </label>
      <textarea
        id="report-text"
        className="social-textarea"
        rows={3}
        value={form.text}
        disabled={!textEnabled(form)}
        placeholder={textEnabled(form) ? '신고 내용을 적어주세요. (500자 이내)' : '기타를 고르면 내용을 적을 수 있습니다.'}
        onChange={(event) => setForm((current) => typeReportText(current, event.target.value))}
      />
      <p className="social-form__count report-modal__count">
        {textLength(form.text)}/{REPORT_TEXT_MAX_LENGTH}
      </p>
      {refusal ? (
        <p className="social-form__error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button button--secondary" onClick={close}>
          취소
        </button>
        <button type="button" className="button" disabled={!canSend(form) || report.isPending} onClick={send}>
          신고하기
        </button>
      </div>
    </div>
  );
}
