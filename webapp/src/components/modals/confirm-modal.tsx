import type { ModalProps } from './modal-host';

import './modal.css';

/** A question with 취소 and 확인 (e.g. secession). */
export default function ConfirmModal({ message, confirmLabel = '확인', onConfirm, close }: ModalProps<'confirm'>) {
  return (
    <div className="modal-dialog">
      <p className="modal-dialog__message">{message}</p>
      <div className="modal-actions">
        <button type="button" className="button button--secondary" onClick={close}>
          취소
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            close();
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
