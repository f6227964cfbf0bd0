import type { ReactNode } from 'react';

import './modal.css';

type ModalPageProps = {
  title: string;
  /** The header's ‹ (back) or ✕ (close) action. */
  onBack: () => void;
  backLabel?: string;
  children: ReactNode;
};

/** A full-screen modal's frame: its header with the back action, and its body. */
export function ModalPage({ title, onBack, backLabel = '닫기', children }: ModalPageProps) {
  return (
    <>
      <header className="modal-page__header">
        <button type="button" className="modal-page__icon" aria-label={backLabel} onClick={onBack}>
          <span aria-hidden="true">‹</span>
        </button>
        <h1 className="modal-page__title">{title}</h1>
        <span />
      </header>
      <div className="modal-page__body">{children}</div>
    </>
  );
}
