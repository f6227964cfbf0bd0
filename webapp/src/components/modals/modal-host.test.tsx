import { act, render, screen } from '@testing-library/react';
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

const Empty = () => null;
const COMPONENTS = {
  alert: { component: Alert },
  confirm: { component: Empty },
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
