// A controllable IntersectionObserver for jsdom (which has none).
import { vi } from 'vitest';

type Entry = { element: Element; callback: IntersectionObserverCallback; observer: IntersectionObserver };

/**
 * Installs a fake IntersectionObserver. `intersectAll()` tells every observed
 * element that it scrolled into view, as the browser would.
 */
export function installIntersectionObserver() {
  const entries = new Set<Entry>();

  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds = [0];
    private readonly callback: IntersectionObserverCallback;

    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.callback = callback;
      this.rootMargin = options?.rootMargin ?? '0px';
    }

    observe(element: Element) {
      entries.add({ element, callback: this.callback, observer: this });
    }

    unobserve(element: Element) {
      for (const entry of entries) if (entry.element === element) entries.delete(entry);
    }

    disconnect() {
      for (const entry of entries) if (entry.observer === (this as unknown as IntersectionObserver)) entries.delete(entry);
    }

    takeRecords() {
      return [];
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

  return {
    /** How many elements are observed right now. */
    get observedCount() {
      return entries.size;
    },
    intersectAll() {
      for (const { element, callback, observer } of [...entries]) {
        callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], observer);
      }
    },
  };
}
