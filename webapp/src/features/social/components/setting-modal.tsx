import type { ModalProps } from '@/components/modals/modal-host';

import '@/components/modals/modal.css';
import './social.css';

/**
 * A comment's (commentSetting, spec §2) or a post's menu: 삭제 for the member's own, 신고
 * otherwise. The caller's `onDelete` asks 삭제 하시겠습니까? first (spec §5).
 */
export default function SettingModal({ mine, onDelete, onReport, close }: ModalProps<'commentSetting' | 'postSetting'>) {
  return (
    <div className="modal-dialog setting-modal">
      <div className="setting-modal__actions">
        {mine ? (
          <button
            type="button"
            className="setting-modal__action setting-modal__action--danger"
            onClick={() => {
              close();
              onDelete();
            }}
          >
            삭제
          </button>
        ) : (
          <button
            type="button"
            className="setting-modal__action"
            onClick={() => {
              close();
              onReport();
            }}
          >
            신고
          </button>
        )}
        <button type="button" className="setting-modal__action" onClick={close}>
          닫기
        </button>
      </div>
    </div>
  );
}
