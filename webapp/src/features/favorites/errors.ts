import { openModal } from '@/components/modals/modal-store';
import { ApiError } from '@/lib/api';

/** Said when a change failed without a server message. */
export const CHANGE_FAILED_MESSAGE = '관심종목을 변경하지 못했습니다. 잠시 후 다시 시도해 주세요.';

/** A failed change: the server's message (spec §8), else ours. */
export function alertFailure(error: unknown): void {
  openModal({ type: 'alert', props: { message: error instanceof ApiError ? error.message : CHANGE_FAILED_MESSAGE } });
}
