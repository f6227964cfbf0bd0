import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate, type NavigateOptions } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ModalHost, type ModalComponents, type ModalProps } from './modal-host';
import { closeModalsNotOn, openModal } from './modal-store';

function Alert({ message, close }: ModalProps<'alert'>) {
  return (
    <button type="button" onClick={close}>
      {message}
    </button>
  );
}

/** Three buttons, the middle one focused at start (its autoFocus wins over the first). */
function Confirm({ message, close }: ModalProps<'confirm'>) {
  return (
    <div>
      <p>{message}</p>
      <button type="button" onClick={close}>
        취소
      </button>
      <button type="button" autoFocus>
        확인
      </button>
      <button type="button" disabled>
        꺼짐
      </button>
      <a href="/m/terms/service">약관</a>
    </div>
  );
}

const Empty = () => null;
const COMPONENTS = {
  alert: { component: Alert },
  confirm: { component: Confirm },
  agreeTerms: { component: Empty, fullScreen: true },
  releaseDormant: { component: Empty, fullScreen: true },
  setProfile: { component: Empty, fullScreen: true },
} as unknown as ModalComponents;

const handle: { navigate: ReturnType<typeof useNavigate> } = { navigate: () => undefined };
function NavigateHandle() {
  const navigate = useNavigate();
  useEffect(() => {
    handle.navigate = navigate;
  }, [navigate]);
  return null;
}
const navigate = (to: string, options?: NavigateOptions) => handle.navigate(to, options);

function renderHost() {
  window.history.replaceState(null, '', '/m');
  return render(
    <BrowserRouter>
      <NavigateHandle />
      <ModalHost components={COMPONENTS} />
    </BrowserRouter>,
  );
}

afterEach(() => {
  // No modal outlives its test.
  act(() => closeModalsNotOn('none'));
});

describe('ModalHost', () => {
  it('shows a modal opened by type, and closes it with its close action', async () => {
    renderHost();
    const onClose = vi.fn();
    act(() => {
      openModal({ type: 'alert', props: { message: '확인해 주세요.' }, onClose });
    });
    const modal = await screen.findByRole('dialog');
    expect(modal.className).toBe('modal modal--dialog');
    act(() => screen.getByRole('button', { name: '확인해 주세요.' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes the open modals on a location change', async () => {
    renderHost();
    const onClose = vi.fn();
    act(() => {
      openModal({ type: 'alert', props: { message: '하나' }, onClose });
      openModal({ type: 'alert', props: { message: '둘' } });
    });
    expect(await screen.findAllByRole('dialog')).toHaveLength(2);
    await act(async () => {
      await navigate('/m/trend');
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps a modal opened right after a navigation: it belongs to the new page', async () => {
    renderHost();
    act(() => {
      openModal({ type: 'alert', props: { message: '이전 페이지' } });
    });
    await screen.findByRole('dialog');
    await act(async () => {
      void navigate('/m/settings', { replace: true });
      openModal({ type: 'alert', props: { message: '새 페이지' } });
      await Promise.resolve();
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '새 페이지' })).toBeTruthy();
  });
});

describe('the keyboard in a modal', () => {
  const focused = () => document.activeElement?.textContent;

  it('focuses the modal (its autoFocus first), keeps Tab inside, and gives focus back on close', async () => {
    renderHost();
    const opener = document.createElement('button');
    opener.textContent = '열기';
    document.body.append(opener);
    opener.focus();
    act(() => {
      openModal({ type: 'confirm', props: { message: '삭제 하시겠습니까?', onConfirm: vi.fn() } });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(focused()).toBe('확인');
    // Past the last stop (the link; the disabled button is none) back to the first, and back.
    screen.getByRole('link', { name: '약관' }).focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' });
    expect(focused()).toBe('취소');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: true });
    expect(focused()).toBe('약관');
    // From the page behind (here the body), Tab goes into the modal.
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(focused()).toBe('취소');
    // Inside, between the edges, the browser moves it (nothing prevented).
    expect(fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' })).toBe(true);

    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '취소' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('closes the newest modal on Escape, one at a time', async () => {
    renderHost();
    const onClose = vi.fn();
    act(() => {
      openModal({ type: 'alert', props: { message: '아래' }, onClose });
      openModal({ type: 'alert', props: { message: '위' } });
    });
    expect(await screen.findAllByRole('dialog')).toHaveLength(2);
    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '아래' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on the platform's close request (the dialog's cancel)", async () => {
    renderHost();
    act(() => {
      openModal({ type: 'alert', props: { message: '닫기 요청' } });
    });
    const dialog = await screen.findByRole('dialog');
    act(() => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
