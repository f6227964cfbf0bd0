// The charts' modals, added to the app's modal registry (components/modals/modal-store.ts);
// app/modals.tsx maps each to its component.
import type { Move } from './types';

declare module '@/components/modals/modal-store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges into the registry
  interface ModalRegistry {
    /** "왜 움직였을까?": one move of a stock's chart with the disclosures, news and board around it (bottom sheet). */
    moveReasons: { securityId: string; name: string; intraday: boolean; move: Move };
  }
}

export {};
