// The identity modals, added to the app's modal registry (components/modals/modal-store.ts);
// app/modals.tsx maps each to its component.
import type { Agreements } from './api';

declare module '@/components/modals/modal-store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges into the registry
  interface ModalRegistry {
    /** Sign-up's four agreement boxes (full screen); `onAgree` with all three agreed. */
    agreeTerms: { onAgree: (agreements: Agreements) => void };
    /** A dormant account (full screen): release it, or log in with another account. */
    releaseDormant: { releaseToken: string; onReleased: () => void; onOtherAccount: () => void };
    /** The member's profile (full screen). */
    setProfile: { firstTime?: boolean };
  }
}

export {};
