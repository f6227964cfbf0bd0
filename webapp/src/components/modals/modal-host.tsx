import { Suspense, useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router';

import { closeModal, closeModalsNotOn, useOpenModals, type ModalRegistry, type ModalType, type OpenModal } from './modal-store';

/** What every modal component gets besides its own props. */
export type ModalProps<T extends ModalType> = ModalRegistry[T] & { close: () => void };

/** How each type is shown: its (lazily loaded) component, full screen, as a bottom sheet or as a dialog. */
export type ModalComponents = {
  [T in ModalType]: { component: ComponentType<ModalProps<T>>; fullScreen?: boolean; sheet?: boolean };
};

function Modal({ modal, components }: { modal: OpenModal; components: ModalComponents }) {
  const { component: Component, fullScreen, sheet } = components[modal.type] as {
    component: ComponentType<OpenModal['props'] & { close: () => void }>;
    fullScreen?: boolean;
    sheet?: boolean;
  };
  const kind = fullScreen ? 'full' : sheet ? 'sheet' : 'dialog';
  return (
    <div className={`modal modal--${kind}`} role="dialog" aria-modal="true">
      <Component {...modal.props} close={() => closeModal(modal.id)} />
    </div>
  );
}

/** Renders the open modals, newest on top, and closes them when the location changes (spec §2). */
export function ModalHost({ components }: { components: ModalComponents }) {
  const modals = useOpenModals();
  const { key } = useLocation();
  useEffect(() => closeModalsNotOn(key), [key]);
  if (modals.length === 0) return null;
  return (
    // A modal's code arrives on first use: nothing shows until it has.
    <Suspense fallback={null}>
      {modals.map((modal) => (
        <Modal key={modal.id} modal={modal} components={components} />
      ))}
    </Suspense>
  );
}
