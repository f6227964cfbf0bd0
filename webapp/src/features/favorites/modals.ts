// The favorites modals, added to the app's modal registry (components/modals/modal-store.ts);
// app/modals.tsx maps each to its component.

declare module '@/components/modals/modal-store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges into the registry
  interface ModalRegistry {
    /** The favorite-group picker of a stock (spec §4): tap a group to add or remove it. */
    favoriteGroupPicker: { securityId: string; name?: string };
    /** A group's stocks: select, delete, reorder (full screen). */
    editFavoriteStocks: { listId: number };
    /** A topic's stocks into a new group (construct) or an existing one. */
    addTopicStocks: { topicName: string; securityIds: readonly string[] };
    /** Recently viewed stocks: pick some, put them in a group (full screen). */
    addRecentStocks: Record<string, never>;
  }
}

export {};
