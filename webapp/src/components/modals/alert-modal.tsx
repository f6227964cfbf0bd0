import type { ModalProps } from './modal-host';

import './modal.css';

/** A server message (spec §8) with 확인. */
export default function AlertModal({ message, close }: ModalProps<'alert'>) {
  return (
    <div className="modal-dialog">
      <p className="modal-dialog__message" role="alert">
        {message}
      </p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={close} autoFocus>
          확인
        </button>
      </div>
    </div>
  );
}
