// Leaving the app for another site. One object, so tests can watch it
// (jsdom cannot navigate, and `window.location` cannot be stubbed).

export const browserLocation = {
  /** Replaces the current history entry with an external address. */
  replace(url: string): void {
    window.location.replace(url);
  },
};
