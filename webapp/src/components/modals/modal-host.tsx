import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';

import {
  closeModal,
  closeModalsNotOn,
  closeTopModal,
  useOpenModals,
  type ModalRegistry,
  type ModalType,
  type OpenModal,
} from './modal-store';

/** What every modal component gets besides its own props. */
export type ModalProps<T extends ModalType> = ModalRegistry[T] & { close: () => void };

/** How each type is shown: its (lazily loaded) component, full screen, as a bottom sheet or as a dialog. */
export type ModalComponents = {
  [T in ModalType]: { component: ComponentType<ModalProps<T>>; fullScreen?: boolean; sheet?: boolean };
};

/** What Tab may stop at inside a modal. */
const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The modal's Tab stops in order: shown, and of a radio group only the checked one (if any). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.tabIndex < 0 || element.closest('[inert]')) return false;
    // Older engines (and jsdom) have no checkVisibility: counted as shown.
    if (typeof element.checkVisibility === 'function' && !element.checkVisibility()) return false;
    if (element instanceof HTMLInputElement && element.type === 'radio' && !element.checked && element.name) {
      const group = root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(element.name)}"]`);
      return ![...group].some((radio) => radio.checked);
    }
    return true;
  });
}

/**
 * Keeps Tab inside `dialog`: past its last stop to its first, before its first to its last, and
 * from anywhere outside it (the page behind, the body) to its first.
 */
function trapTab(dialog: HTMLElement, event: KeyboardEvent): void {
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops[stops.length - 1];
  const active = document.activeElement;
  const inside = active instanceof Node && dialog.contains(active);
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
  } else if (!inside || (event.shiftKey ? active === first || active === dialog : active === last)) {
    event.preventDefault();
    (event.shiftKey && inside ? last : first).focus();
  }
}

function Modal({ modal, components }: { modal: OpenModal; components: ModalComponents }) {
  const { component: Component, fullScreen, sheet } = components[modal.type] as {
    component: ComponentType<OpenModal['props'] & { close: () => void }>;
    fullScreen?: boolean;
    sheet?: boolean;
  };
  const kind = fullScreen ? 'full' : sheet ? 'sheet' : 'dialog';
  const ref = useRef<HTMLDialogElement>(null);
  // Where focus was before the modal (its component's autoFocus may have moved it by the
  // effect below): it goes back there when the modal closes.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const focused = document.activeElement;
    // A modal dialog (the platform's): the page behind is inert and the dialog is in the top
    // layer. Engines without it (before Safari 15.4; jsdom) show it open; Tab is kept inside
    // by the host either way.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    // The component's autoFocus wins over the platform's first focusable element.
    if (focused instanceof HTMLElement && focused !== dialog && dialog.contains(focused)) focused.focus();
    else if (!dialog.contains(document.activeElement)) (tabStops(dialog)[0] ?? dialog).focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, [opener]);

  return (
    <dialog
      ref={ref}
      className={`modal modal--${kind}`}
      aria-modal="true"
      data-modal-id={modal.id}
      // Focusable itself: a tap on its text keeps focus (and Escape) inside it.
      tabIndex={-1}
      // The platform's close request (Escape, Android's back gesture): the store closes it.
      onCancel={(event) => {
        event.preventDefault();
        closeModal(modal.id);
      }}
    >
      <Component {...modal.props} close={() => closeModal(modal.id)} />
    </dialog>
  );
}

/**
 * Renders the open modals, newest on top, and closes them when the location changes (spec §2).
 * The newest one holds the keyboard: Tab stays inside it and Escape closes it.
 */
export function ModalHost({ components }: { components: ModalComponents }) {
  const modals = useOpenModals();
  const { key } = useLocation();
  useEffect(() => closeModalsNotOn(key), [key]);

  const top = modals[modals.length - 1];
  useEffect(() => {
    if (!top) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeTopModal();
        return;
      }
      const dialog = document.querySelector<HTMLElement>(`[data-modal-id="${top.id}"]`);
      if (event.key === 'Tab' && dialog) trapTab(dialog, event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [top]);

  if (modals.length === 0) return null;
  return modals.map((modal) => (
    // A modal's code arrives on first use: nothing of it shows until it has (each on its own,
    // so one arriving does not hide those already open).
    <Suspense key={modal.id} fallback={null}>
      <Modal modal={modal} components={components} />
    </Suspense>
  ));
}
