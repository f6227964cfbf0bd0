import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { paths } from '@/config/paths';
import { asApiError } from '@/lib/api/as-api-error';

import { userKeys } from '../queries';
import { logout, secede } from '../session';

export const SECESSION_CONFIRM_MESSAGE = '탈퇴하면 프로필과 관심종목 정보가 삭제되며 되돌릴 수 없습니다.\n정말 탈퇴하시겠습니까?';

/** 로그아웃 and 회원 탈퇴. */
export function AccountActions() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const leave = async () => {
    setPending(true);
    try {
      await secede();
      queryClient.removeQueries({ queryKey: userKeys.all });
      void navigate(paths.home.getHref(), { replace: true });
    } catch (error) {
      openModal({ type: 'alert', props: { message: asApiError(error).message } });
      setPending(false);
    }
  };

  return (
    <div className="settings__actions">
      <button
        type="button"
        className="settings__row settings__action"
        disabled={pending}
        onClick={() => {
          setPending(true);
          void logout();
        }}
      >
        로그아웃
      </button>
      <button
        type="button"
        className="settings__row settings__action settings__action--muted"
        disabled={pending}
        onClick={() =>
          openModal({
            type: 'confirm',
            props: { message: SECESSION_CONFIRM_MESSAGE, confirmLabel: '탈퇴', onConfirm: () => void leave() },
          })
        }
      >
        회원 탈퇴
      </button>
    </div>
  );
}
