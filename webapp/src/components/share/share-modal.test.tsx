import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { resetAppType } from '@/lib/app-bridge/app-type';
import { getAppBridge } from '@/lib/app-bridge/bridge';

import { COPIED_MESSAGE, COPY_FAILED_MESSAGE } from './channels';
import ShareModal from './share-modal';

const URL_SHARED = 'https://sise.example/m/debates/42';

function renderModal() {
  const close = vi.fn();
  render(<ShareModal url={URL_SHARED} title="삼성전자 토론" close={close} />);
  return close;
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const clipboard = { writeText: vi.fn(writeText) };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  vi.stubGlobal('isSecureContext', true);
  return clipboard;
}

beforeEach(() => resetAppType(null));
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(navigator, 'share');
  resetAppType();
});

describe('ShareModal', () => {
  it('offers the six channels, the four with a share page as links', () => {
    renderModal();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '카카오톡',
      '페이스북',
      'X',
      '이메일',
      '밴드',
      '링크 복사',
    ]);
    expect(screen.getByRole('link', { name: '페이스북' }).getAttribute('href')).toContain(encodeURIComponent(URL_SHARED));
    expect(screen.getByRole('link', { name: 'X' }).getAttribute('target')).toBe('_blank');
  });

  it('copies the address and says so (spec §8)', async () => {
    const clipboard = stubClipboard(() => Promise.resolve());
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: '링크 복사' }));
    expect((await screen.findByRole('status')).textContent).toBe(COPIED_MESSAGE);
    expect(clipboard.writeText).toHaveBeenCalledWith(URL_SHARED);
  });

  it('shows the address to copy by hand when copying fails', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: '링크 복사' }));
    expect((await screen.findByRole('alert')).textContent).toBe(COPY_FAILED_MESSAGE);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '공유할 주소' }).value).toBe(URL_SHARED);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("in a browser the messenger is the system's share sheet, else a copy", async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const close = renderModal();
    fireEvent.click(screen.getByRole('button', { name: '카카오톡' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(share).toHaveBeenCalledWith({ url: URL_SHARED, title: '삼성전자 토론', text: undefined });

    Reflect.deleteProperty(navigator, 'share');
    stubClipboard(() => Promise.resolve());
    fireEvent.click(screen.getByRole('button', { name: '카카오톡' }));
    expect((await screen.findByRole('status')).textContent).toBe(COPIED_MESSAGE);
  });

  it("inside an app the messenger is the app's share", async () => {
    resetAppType({ app: 'main', os: 'android', version: '3.2.1' });
    // No native side in jsdom: the bridge reports its set-up failing; the call itself is stubbed.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bridge = getAppBridge();
    const share = vi.spyOn(bridge, 'share').mockResolvedValue(undefined);
    const close = renderModal();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '카카오톡' }));
      await Promise.resolve();
    });
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(share).toHaveBeenCalledWith({ url: URL_SHARED, title: '삼성전자 토론', text: undefined });
  });
});
