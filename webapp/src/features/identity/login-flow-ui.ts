// The login flow's questions to the member (login-flow.ts), asked through the modals.
import { openModal } from '@/components/modals/modal-store';
import { openModalAndWait } from '@/components/modals/open-modal-and-wait';

import type { Agreements } from './api';
import type { LoginFlowUi } from './login-flow';
import './modals';

export const modalLoginFlowUi: LoginFlowUi = {
  agreeTerms: () =>
    new Promise((resolve) => {
      let agreed: Agreements | null = null;
      openModal({
        type: 'agreeTerms',
        props: { onAgree: (agreements) => (agreed = agreements) },
        // Closed by 동의 (after onAgree), its close button or a new location.
        onClose: () => resolve(agreed),
      });
    }),
  releaseDormant: (releaseToken) =>
    new Promise((resolve) => {
      let choice: 'released' | 'other_account' | 'closed' = 'closed';
      openModal({
        type: 'releaseDormant',
        props: {
          releaseToken,
          onReleased: () => (choice = 'released'),
          onOtherAccount: () => (choice = 'other_account'),
        },
        onClose: () => resolve(choice),
      });
    }),
  alert: (message) => openModalAndWait({ type: 'alert', props: { message } }),
};
