import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { installIntersectionObserver } from '@/testing/intersection-observer';
import { renderWithProviders } from '@/testing/test-utils';

import { stubApi } from '../testing/posts';
import type { SupportCategory, SupportMessage } from '../types';

import { SocialViewerContext, type SocialViewer } from '../viewer';

import { FaqList, SupportDesk } from './customer-support';

function renderDesk(viewer: SocialViewer) {
  return renderWithProviders(
    <SocialViewerContext value={viewer}>
      <SupportDesk />
    </SocialViewerContext>,
  );
}

const AT = Date.UTC(2026, 10, 26, 15, 30);

describe('FaqList', () => {
  it('opens a question onto its answer', () => {
    renderWithProviders(<FaqList />);
    const list = screen.getByRole('list', { name: '자주 묻는 질문' });
    const question = within(list).getByText('신고된 글은 어떻게 처리되나요?');
    const details = question.closest('details');
    expect(details?.open).toBe(false);
    fireEvent.click(question);
    expect(details?.open).toBe(true);
    expect(within(details!).getByText(/서로 다른 회원 5명이 신고한/)).toBeTruthy();
  });
});

describe('SupportDesk', () => {
  it('offers a visitor the login, and asks the server for nothing', () => {
    const api = stubApi({});
    const login = vi.fn();
    renderDesk({ signedIn: false, login });
    fireEvent.click(screen.getByRole('button', { name: '로그인하고 문의하기' }));
    expect(login).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('문의 내용')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('sends a member’s message and lists it with the answers given', async () => {
    installIntersectionObserver();
    let messages: SupportMessage[] = [
      {
        id: 1,
        category: 'account',
        body: '닉네임을 바꾸고 싶어요',
        sent_at_ms: AT,
        answer: '설정에서 바꿀 수 있습니다.',
        answered_at_ms: AT + 60_000,
      },
    ];
    const api = stubApi({
      'GET /main/api/v1/support/messages': () => ({ status: 200, body: { messages, next_cursor: null } }),
      'POST /main/api/v1/support/messages': async (request) => {
        const sent = (await request.json()) as { category: string; body: string };
        const message: SupportMessage = {
          id: 2,
          category: sent.category as SupportCategory,
          body: sent.body,
          sent_at_ms: AT + 120_000,
          answer: null,
          answered_at_ms: null,
        };
        messages = [message, ...messages];
        return { status: 201, body: { message } };
      },
    });
    renderDesk({ signedIn: true, login: () => undefined });
    const list = await screen.findByRole('list', { name: '내 문의 내역' });
    await within(list).findByText('설정에서 바꿀 수 있습니다.');
    expect(within(list).getByText('답변 완료')).toBeTruthy();

    const submit = screen.getByRole('button', { name: '문의하기' });
    fireEvent.change(screen.getByLabelText('문의 내용'), { target: { value: '  차트가\n안 보여요 ' } });
    expect((submit as HTMLButtonElement).disabled).toBe(true); // no category yet
    fireEvent.change(screen.getByLabelText('문의 유형'), { target: { value: 'bug' } });
    fireEvent.click(submit);
    await screen.findByText(/문의가 접수되었습니다/);
    const post = api.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ category: 'bug', body: '차트가\n안 보여요' });
    await within(list).findByText('답변 대기');
    expect(screen.getByLabelText<HTMLTextAreaElement>('문의 내용').value).toBe('');
  });
});
