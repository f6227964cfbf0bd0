// Kept apart from the store so the shell does not carry it: only flows use it.
import { openModal, type ModalRequest } from './modal-store';

/** Opens a modal and resolves once it closed (how a flow waits for the member's answer). */
export function openModalAndWait(request: ModalRequest): Promise<void> {
  return new Promise((resolve) => {
    const onClose = request.onClose;
    openModal({
      ...request,
      onClose: () => {
        onClose?.();
        resolve();
      },
    });
  });
}
