import { useState } from 'react';

import type { ModalProps } from '@/components/modals/modal-host';
import { ModalPage } from '@/components/modals/modal-page';
import { openModalAndWait } from '@/components/modals/open-modal-and-wait';
import { asApiError } from '@/lib/api/as-api-error';

import '../modals';
import { releaseDormancy } from '../api';

import './identity.css';

/** A dormant account (spec §2 releaseDormant, §4 "Dormancy release"). */
export default function ReleaseDormantModal({ releaseToken, onReleased, onOtherAccount, close }: ModalProps<'releaseDormant'>) {
  const [pending, setPending] = useState(false);

  const release = async () => {
    setPending(true);
    try {
      const { message } = await releaseDormancy(releaseToken);
      await openModalAndWait({ type: 'alert', props: { message } });
      onReleased();
      close();
    } catch (error) {
      // The server's message; the member may try again.
      const message = asApiError(error).message;
      await openModalAndWait({ type: 'alert', props: { message } });
      setPending(false);
    }
  };

  return (
    <ModalPage title="휴면 계정 안내" onBack={close}>
      <p className="dormant__lead">
        오랫동안 로그인하지 않아 휴면 상태로 전환된 계정입니다. 휴면 상태를 해제하면 시세를 다시 이용할 수 있습니다.
      </p>
      <div className="dormant__actions">
        <button type="button" className="button" disabled={pending} onClick={() => void release()}>
          휴면 해제
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() => {
            onOtherAccount();
            close();
          }}
        >
          다른 계정으로 로그인
        </button>
      </div>
    </ModalPage>
  );
}
