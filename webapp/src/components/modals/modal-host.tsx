import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router';

import { closeModalsNotOn, useOpenModals, type ModalRegistry, type ModalType } from './modal-store';

/** What every modal component gets besides its own props. */
export type ModalProps<T extends ModalType> = ModalRegistry[T] & { close: () => void };

/** How each type is shown: its (lazily loaded) component, full screen, as a bottom sheet or as a dialog. */
export type ModalComponents = {
  [T in ModalType]: { component: ComponentType<ModalProps<T>>; fullScreen?: boolean; sheet?: boolean };
};

// The frame (the dialog, the keyboard) is a chunk of its own, none of it in the shell; fetched
// once the page is idle, so the first modal waits only for its own component.
const loadFrame = () => import('./modal-frame');
const ModalFrame = lazy(loadFrame);

/**
 * Renders the open modals, newest on top, and closes them when the location changes (spec §2).
 * The newest one holds the keyboard: Tab stays inside it and Escape closes it (modal-frame.tsx).
 */
export function ModalHost({ components }: { components: ModalComponents }) {
  const modals = useOpenModals();
  const { key } = useLocation();
  useEffect(() => closeModalsNotOn(key), [key]);
  useEffect(() => {
    const prefetch = () => void loadFrame();
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(prefetch);
    else setTimeout(prefetch, 0);
  }, []);

  if (modals.length === 0) return null;
  const top = modals[modals.length - 1];
  return modals.map((modal) => (
    // A modal's code arrives on first use: nothing of it shows until it has (each on its own,
    // so one arriving does not hide those already open).
    <Suspense key={modal.id} fallback={null}>
      <ModalFrame modal={modal} components={components} top={modal === top} />
    </Suspense>
  ));
}
