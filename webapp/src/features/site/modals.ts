// The site's modal, added to the app's modal registry (components/modals/modal-store.ts);
// app/modals.tsx maps it to its component.
import type { Promotion } from './api/get-promotion';

declare module '@/components/modals/modal-store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges into the registry
  interface ModalRegistry {
    /**
     * The operators' promotion (spec §2 driverEvent); `onHideForWeekChange` hears 일주일간 보지 않기
     * ticked or not, for whoever opened it to hide the promotion by when it closes.
     */
    driverEvent: { promotion: Promotion; onHideForWeekChange: (hide: boolean) => void };
  }
}

export {};
