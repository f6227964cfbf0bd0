import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { paths } from '@/config/paths';

// react-router's own key, so positions saved before this component replaced its
// <ScrollRestoration> survive the update.
const STORAGE_KEY = 'react-router-scroll-positions';

type Positions = Record<string, number>;

/** Paths whose search names another screen: the results of a new search start at the top. */
const SCREENS_BY_SEARCH: ReadonlySet<string> = new Set([paths.searchQuery.path]);

function readPositions(): Positions {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved !== null && typeof saved === 'object' ? (saved as Positions) : {};
  } catch {
    return {};
  }
}

/**
 * New pages start at the top; back, forward and reload return to where the page was
 * scrolled. What react-router's `<ScrollRestoration>` does, without the data router it
 * needs (the app runs the declarative router: a third of the size).
 *
 * Each history entry's position is remembered under its location key while it is shown,
 * and kept in sessionStorage when the page is hidden. A navigation that changes only the
 * search (the chart period, the statements' term) is a view of the same screen and keeps
 * the scroll position: the declarative router ignores `preventScrollReset`, which those
 * two navigations still pass. Except where the search is the screen (`/m/search/query?keyword=`):
 * another keyword is another page of results.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const positions = useRef<Positions | null>(null);
  // The entry the current scroll position belongs to, and the location before it.
  const shownKey = useRef(location.key);
  const previous = useRef<{ pathname: string; search: string } | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      positions.current ??= readPositions();
      positions.current[shownKey.current] = window.scrollY;
    };
    const save = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or off: positions last as long as the page.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Before paint, once the new screen is in the document.
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, search: location.search };
    shownKey.current = location.key;
    positions.current ??= readPositions();
    const saved = positions.current[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(safeDecode(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // A new entry that stays where it is has its position now, not at its first scroll.
    const sameScreen =
      before?.pathname === location.pathname &&
      before.search !== location.search &&
      !SCREENS_BY_SEARCH.has(location.pathname);
    if (!sameScreen) window.scrollTo(0, 0);
    positions.current[location.key] = window.scrollY;
  }, [location]);

  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
