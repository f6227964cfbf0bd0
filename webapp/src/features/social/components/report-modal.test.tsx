import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { stubApi } from '../testing/posts';

import ReportModal from './report-modal';

function setup(answer: { status: number; body: unknown } = { status: 201, body: { report: {} } }) {
  const api = stubApi({ 'POST /social/api/v1/reports': () => answer });
  const close = vi.fn();
  renderWithProviders(<ReportModal type="post" id={5} close={close} />);
  const reason = (name: string) => screen.getByRole('button', { name });
  const text = () => screen.getByLabelText<HTMLTextAreaElement>('신고 내용');
  const send = () => screen.getByRole('button', { name: '신고하기' });
  return { api, close, reason, text, send };
}

describe('ReportModal (spec §4, §5)', () => {
  it('offers the seven reasons; the same one again deselects it; text only with 기타', () => {
    const { reason, text, send } = setup();
    const names = screen.getAllByRole('button', { pressed: false }).map((button) => button.textContent);
    expect(names.slice(0, 7)).toEqual([
      '상업적/홍보성',
      '불법정보',
      '음란성/선정성',
      '욕설/인신공격',
      '개인정보 노출',
      '같은 내용 반복 게시',
      '기타',
    ]);
    expect(send().hasAttribute('disabled')).toBe(true);
    expect(text().disabled).toBe(true);

    fireEvent.click(reason('욕설/인신공격'));
    expect(reason('욕설/인신공격').getAttribute('aria-pressed')).toBe('true');
    expect(send().hasAttribute('disabled')).toBe(false);
    expect(text().disabled).toBe(true);
    fireEvent.click(reason('욕설/인신공격'));
    expect(reason('욕설/인신공격').getAttribute('aria-pressed')).toBe('false');
    expect(send().hasAttribute('disabled')).toBe(true);

    fireEvent.click(reason('기타'));
    expect(text().disabled).toBe(false);
    fireEvent.change(text(), { target: { value: '가'.repeat(520) } });
    expect([...text().value]).toHaveLength(500);
    expect(screen.getByText('500/500')).toBeDefined();
    // Another reason: one at a time, and the text goes with 기타.
    fireEvent.click(reason('불법정보'));
    expect(reason('기타').getAttribute('aria-pressed')).toBe('false');
    expect(text().value).toBe('');
    expect(text().disabled).toBe(true);
  });

  it('sends the reason with its text, then resets and closes', async () => {
    const { api, close, reason, text, send } = setup();
    fireEvent.click(reason('기타'));
    fireEvent.change(text(), { target: { value: '  허위 정보를 퍼뜨립니다 ' } });
    fireEvent.click(send());
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    expect(JSON.parse(api.requests[0]?.body ?? '{}')).toEqual({
      type: 'post',
      id: 5,
      report_type: 'other',
      content: '허위 정보를 퍼뜨립니다',
    });
    expect(reason('기타').getAttribute('aria-pressed')).toBe('false');
    expect(text().value).toBe('');
  });

  it("sends no text with another reason, and shows the server's message on refusal", async () => {
    const { api, close, reason, send } = setup({
      status: 409,
      body: { error: 'already_reported', message: '이미 신고한 글입니다.' },
    });
    fireEvent.click(reason('같은 내용 반복 게시'));
    fireEvent.click(send());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '이미 신고한 글입니다.');
    expect(JSON.parse(api.requests[0]?.body ?? '{}')).toMatchObject({ report_type: 'repeated', content: '' });
    expect(close).not.toHaveBeenCalled();
  });
});
