import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { installIntersectionObserver } from '@/testing/intersection-observer';
import { renderWithProviders } from '@/testing/test-utils';

import { stubApi } from '../testing/posts';

import { NoticeDetail, NoticeList } from './notices';

const AT = Date.UTC(2026, 10, 26, 15, 30); // 2026-11-27 00:30 in Korea

describe('NoticeList', () => {
  it('lists the notices newest first, ten a page, each linking to its page', async () => {
    installIntersectionObserver();
    const api = stubApi({
      'GET /main/api/v1/notices': () => ({
        status: 200,
        body: {
          notices: [
            { id: 7, title: '점검 안내', body: '…', published_at_ms: AT },
            { id: 3, title: '서비스 오픈', body: '…', published_at_ms: AT - 86_400_000 },
          ],
          next_cursor: null,
        },
      }),
    });
    renderWithProviders(<NoticeList />);
    const list = await screen.findByRole('list', { name: '공지사항' });
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['점검 안내2026.11.27', '/m/notices/7'],
      ['서비스 오픈2026.11.26', '/m/notices/3'],
    ]);
    expect(api.requests[0]?.url.searchParams.get('limit')).toBe('10');
    await screen.findByText('마지막 공지사항입니다.');
  });
});

describe('NoticeDetail', () => {
  it('shows the text as text, its addresses as links', async () => {
    stubApi({
      'GET /main/api/v1/notices/7': () => ({
        status: 200,
        body: {
          notice: {
            id: 7,
            title: '점검 안내',
            body: '<b>02:00</b>부터 점검합니다.\n자세히: https://example.com/n',
            published_at_ms: AT,
          },
        },
      }),
    });
    renderWithProviders(<NoticeDetail noticeId={7} />);
    await screen.findByRole('heading', { name: '점검 안내' });
    expect(screen.getByText(/<b>02:00<\/b>부터 점검합니다./)).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://example.com/n' }).getAttribute('href')).toBe('https://example.com/n');
  });

  it('says so when the notice was withdrawn', async () => {
    stubApi({
      'GET /main/api/v1/notices/9': () => ({
        status: 404,
        body: { error: 'notice_not_found', message: '공지사항을 찾을 수 없습니다.' },
      }),
    });
    renderWithProviders(<NoticeDetail noticeId={9} />);
    expect((await screen.findByRole('alert')).textContent).toContain('공지사항을 찾을 수 없습니다.');
  });
});
