// The report modal's selection (spec §4 Report; §5 reasons and 500 characters): choosing the
// same reason again deselects it; the text box takes text only with the last reason (기타);
// sending resets the selection.
import type { ReportType } from '../types';

import { REPORT_TEXT_MAX_LENGTH, clip } from './limits';

export type ReportForm = { reason: ReportType | null; text: string };

export const EMPTY_REPORT_FORM: ReportForm = { reason: null, text: '' };

/** Only 기타 takes text. */
export function textEnabled(form: ReportForm): boolean {
  return form.reason === 'other';
}

/** A tap on a reason: chosen, or deselected when it was the chosen one. The text goes with 기타. */
export function chooseReason(form: ReportForm, reason: ReportType): ReportForm {
  const next = form.reason === reason ? null : reason;
  return { reason: next, text: next === 'other' ? form.text : '' };
}

/** Typing in the box: taken only with 기타, at most 500 characters. */
export function typeReportText(form: ReportForm, text: string): ReportForm {
  return textEnabled(form) ? { ...form, text: clip(text, REPORT_TEXT_MAX_LENGTH) } : form;
}

export function canSend(form: ReportForm): boolean {
  return form.reason !== null;
}
