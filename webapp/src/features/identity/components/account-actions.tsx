import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { openModalAndWait } from '@/components/modals/open-modal-and-wait';
import { paths } from '@/config/paths';
import { asApiError } from '@/lib/api/as-api-error';

import { changeMember } from '../member-cache';
import { startKakaoLogin } from '../oauth';
import { logout, secede } from '../session';

export const SECESSION_CONFIRM_MESSAGE = '탈퇴하면 프로필과 관심종목 정보가 삭제되며 되돌릴 수 없습니다.\n정말 탈퇴하시겠습니까?';

/** The server's answer to a secession from a session older than a few minutes (docs/api.md, "Users"). */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';
/** The query a fresh login for secession comes back to the settings with: the confirmation opens again. */
export const SECEDE_QUERY = 'secede';

type LeaveContext = {
  navigate: ReturnType<typeof useNavigate>;
  queryClient: ReturnType<typeof useQueryClient>;
  setPending: (pending: boolean) => void;
};

/** DELETE /users/me, then home signed out; a session too old to leave from signs in afresh first. */
async function leave({ navigate, queryClient, setPending }: LeaveContext): Promise<void> {
  setPending(true);
  try {
    // Signed out once it succeeded: the member's data leave with them (member-cache.ts).
    await changeMember(queryClient, async () => {
      await secede();
      return null;
    });
    void navigate(paths.home.getHref(), { replace: true });
  } catch (error) {
    const apiError = asApiError(error);
    if (apiError.error === REAUTHENTICATION_REQUIRED) {
      // Leaving needs a fresh login: say so, sign in again (not a remembered messenger
      // session: `prompt=login`) and come back here to confirm once more.
      await openModalAndWait({ type: 'alert', props: { message: apiError.message } });
      await startKakaoLogin(`${paths.settings.getHref()}?${SECEDE_QUERY}=1`, { reauthenticate: true });
      return;
    }
    openModal({ type: 'alert', props: { message: apiError.message } });
    setPending(false);
  }
}

/** 로그아웃 and 회원 탈퇴. */
export function AccountActions() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const confirmSecession = useCallback(
    () =>
      openModal({
        type: 'confirm',
        props: {
          message: SECESSION_CONFIRM_MESSAGE,
          confirmLabel: '탈퇴',
          onConfirm: () => void leave({ navigate, queryClient, setPending }),
        },
      }),
    [navigate, queryClient],
  );

  // Back from the fresh login: drop the marker, then (once the page is on the new history
  // entry, which the modal belongs to) ask again; the member confirms, nothing leaves by itself.
  const resume = useRef(false);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    if (query.has(SECEDE_QUERY)) {
      resume.current = true;
      query.delete(SECEDE_QUERY);
      const search = query.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    } else if (resume.current) {
      resume.current = false;
      confirmSecession();
    }
  }, [confirmSecession, location.pathname, location.search, navigate]);

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
        onClick={confirmSecession}
      >
        회원 탈퇴
      </button>
    </div>
  );
}
