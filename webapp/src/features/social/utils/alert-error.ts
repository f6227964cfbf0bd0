import { openModal } from '@/components/modals/modal-store';
import { asApiError } from '@/lib/api/as-api-error';

/** A refused call's message (the server's Korean text, spec §8) in an alert. */
export function alertError(error: unknown): void {
  openModal({ type: 'alert', props: { message: asApiError(error).message } });
}
