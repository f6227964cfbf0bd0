// Whether the first render is over: false on the server (the build-time prerender,
// src/prerender/) and while React hydrates prerendered markup, true otherwise. A component
// whose first client render would differ from the prerendered markup (it reads the browser's
// history, or data the gateway seeded for another part of the page) renders what the server
// rendered until this turns true, so hydration matches; right after, React renders it again.
// With createRoot (no prerendered markup) it is true from the first render.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
