// The share modal, added to the app's modal registry (components/modals/modal-store.ts);
// app/modals.tsx maps it to its component.
import type { ShareContent } from './channels';

declare module '@/components/modals/modal-store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges into the registry
  interface ModalRegistry {
    /** Share a page (spec §2 share): six channels, the last one copying its address. */
    share: ShareContent;
  }
}

export {};
