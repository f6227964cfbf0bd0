// A modal's frame (components/modals/modal-host.tsx renders one per open modal, loaded with the
// first modal, beside its component): a <dialog> shown modally, so the page behind is inert and
// the dialog in the top layer; Tab kept inside the newest one; Escape and the platform's close
// request (Android's back gesture) close it; focus goes back where it was.
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';

import type { ModalComponents } from './modal-host';
import { closeModal, closeTopModal, type OpenModal } from './modal-store';

import './modal.css';

/** What Tab may stop at inside a modal. */
const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The modal's Tab stops in order: shown, and of a radio group only the checked one (if any). */
function tabStops(root: HTMLElement): HTMLElement[] {
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

export default function ModalFrame({
  modal,
  components,
  top,
}: {
  modal: OpenModal;
  components: ModalComponents;
  /** The newest open modal: it holds the keyboard. */
  top: boolean;
}) {
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

  useEffect(() => {
    if (!top) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeTopModal();
      } else if (event.key === 'Tab' && ref.current) {
        trapTab(ref.current, event);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [top]);

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
