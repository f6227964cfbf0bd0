// Shapes of the history feature.

/** A recently viewed stock as the screens show it; the screen that shows it brings its name. */
export type RecentStock = {
  securityId: string;
  /** null while the name is loading. */
  name: string | null;
};
