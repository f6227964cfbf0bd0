import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ModalHost, type ModalComponents } from '@/components/modals/modal-host';
import { createTestQueryClient, stubFetch } from '@/testing/test-utils';

import type { Promotion } from '../api/get-promotion';
import { PROMO_HIDE_COOKIE_PREFIX, isPromotionHidden } from '../promotion-cookie';

import DriverEventModal, { HIDE_FOR_WEEK_LABEL } from './driver-event-modal';
import PromotionOnHome, { resetShownPromotions } from './promotion-on-home';

const NOW = 1_795_000_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const COMPONENTS = { driverEvent: { component: DriverEventModal } } as unknown as ModalComponents;

const promotion = (extra: Partial<Promotion> = {}): Promotion => ({
  id: 7,
  title: '봄맞이 이벤트',
  body: '관심종목을 등록하면\n추첨으로 선물을 드립니다.',
  link_url: '/m/notices',
  image_url: null,
  starts_at: NOW - DAY_MS,
  ends_at: NOW + 3 * DAY_MS,
  ...extra,
});

/** The cookies the page writes, as written (jsdom does not show their attributes when read). */
function recordCookies() {
  const written: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
    descriptor?.set?.call(document, value);
  });
  return written;
}

function renderHome(answer: Promotion | null) {
  stubFetch({ '/main/api/promotion': { status: 200, body: { promotion: answer } } });
  window.history.replaceState(null, '', '/m');
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <BrowserRouter>
        <PromotionOnHome now={() => NOW} />
        <ModalHost components={COMPONENTS} />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => resetShownPromotions());
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the driverEvent modal on the home page (spec §2, §9)', () => {
  it('opens the running promotion once; closing hides it for 1 day', async () => {
    const written = recordCookies();
    const { unmount } = renderHome(promotion());
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByRole('heading').textContent).toBe('봄맞이 이벤트');
    expect(dialog.textContent).toContain('관심종목을 등록하면\n추첨으로 선물을 드립니다.');
    expect(screen.getByRole('link', { name: '자세히 보기' }).getAttribute('href')).toBe('/m/notices');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: HIDE_FOR_WEEK_LABEL }).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(written).toEqual([`${PROMO_HIDE_COOKIE_PREFIX}7=1; Max-Age=86400; Path=/; SameSite=Lax`]);
    expect(isPromotionHidden(7)).toBe(true);
    unmount();

    // Another page life: the cookie keeps it hidden.
    resetShownPromotions();
    renderHome(promotion());
    await waitFor(() => expect(vi.mocked(globalThis.fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closed with 일주일간 보지 않기 ticked (by Escape too), it is hidden for 7 days', async () => {
    const written = recordCookies();
    renderHome(promotion({ id: 8 }));
    fireEvent.click(await screen.findByRole('checkbox', { name: HIDE_FOR_WEEK_LABEL }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: HIDE_FOR_WEEK_LABEL }).checked).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(written).toEqual([`${PROMO_HIDE_COOKIE_PREFIX}8=1; Max-Age=604800; Path=/; SameSite=Lax`]);
  });

  it.each([
    ['no promotion', null],
    ['one not started yet', promotion({ starts_at: NOW + 1000 })],
    ['one over', promotion({ ends_at: NOW })],
  ])('opens nothing for %s', async (_, answer) => {
    renderHome(answer);
    await waitFor(() => expect(vi.mocked(globalThis.fetch)).toHaveBeenCalled());
    // The answer is in and rendered: still no dialog.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers an address out as a link out, and none for another kind of address', async () => {
    const { unmount } = renderHome(promotion({ id: 9, link_url: 'https://event.example.com/spring' }));
    const link = await screen.findByRole('link', { name: '자세히 보기' });
    expect(link.getAttribute('href')).toBe('https://event.example.com/spring');
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();

    resetShownPromotions();
    renderHome(promotion({ id: 10, link_url: 'javascript:alert(1)' }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
