// The company feature's modal, added to the app's modal registry (components/modals/modal-store.ts);
// app/modals.tsx maps it to its component.

declare module '@/components/modals/modal-store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges into the registry
  interface ModalRegistry {
    /** Trade a stock in the companion app (spec §2 Order): the firms to order through, and no fee of ours. */
    order: { securityId: string; securityName?: string };
  }
}

export {};
