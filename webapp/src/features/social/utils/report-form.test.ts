// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { EMPTY_REPORT_FORM, canSend, chooseReason, textEnabled, typeReportText } from './report-form';

describe('report selection (spec §4, §5)', () => {
  it('chooses a reason, and deselects it when chosen again', () => {
    const chosen = chooseReason(EMPTY_REPORT_FORM, 'abuse');
    expect(chosen.reason).toBe('abuse');
    expect(canSend(chosen)).toBe(true);
    const again = chooseReason(chosen, 'abuse');
    expect(again.reason).toBeNull();
    expect(canSend(again)).toBe(false);
    expect(chooseReason(chosen, 'privacy').reason).toBe('privacy');
  });

  it('takes text only with 기타', () => {
    const abuse = chooseReason(EMPTY_REPORT_FORM, 'abuse');
    expect(textEnabled(abuse)).toBe(false);
    expect(typeReportText(abuse, '무시됨').text).toBe('');
    const other = typeReportText(chooseReason(abuse, 'other'), '광고 링크를 반복합니다');
    expect(textEnabled(other)).toBe(true);
    expect(other.text).toBe('광고 링크를 반복합니다');
    // Leaving 기타 (another reason, or 기타 again) drops the text.
    expect(chooseReason(other, 'repeated')).toEqual({ reason: 'repeated', text: '' });
    expect(chooseReason(other, 'other')).toEqual({ reason: null, text: '' });
  });

  it('keeps at most 500 characters (a syllable or an emoji is one)', () => {
    const other = chooseReason(EMPTY_REPORT_FORM, 'other');
    expect([...typeReportText(other, '가'.repeat(600)).text]).toHaveLength(500);
    expect([...typeReportText(other, '😀'.repeat(501)).text]).toHaveLength(500);
  });
});
