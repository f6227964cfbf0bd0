// Page views: a `page_view` event on every location the page shows, its screen the route
// pattern it matched (`/m/stocks/:securityId`, not the address), so the operators' report counts
// screens, not stocks.
//
// The router moves through the history API: its pushState and replaceState are watched (as
// analytics libraries do) and popstate listened to, so this needs nothing in the shell's render.
import { isValidElement } from 'react';
import { Navigate, matchRoutes, type RouteObject } from 'react-router';

import { stripFormatSuffix } from '@/lib/format-suffix';

export const PAGE_VIEW_EVENT = 'page_view';

/**
 * The route pattern `pathname` shows, or null when the location only redirects (a format
 * suffix; a route whose element is a <Navigate>): the location it goes to is counted instead.
 */
export function screenOf(routes: RouteObject[], pathname: string): string | null {
  if (stripFormatSuffix(pathname) !== null) return null;
  const matches = matchRoutes(routes, pathname);
  if (!matches || matches.length === 0) return null;
  const deepest = matches[matches.length - 1]?.route;
  if (isValidElement(deepest?.element) && deepest.element.type === Navigate) return null;
  // The deepest route with a path (an index route is its parent's); paths are absolute here.
  const path = [...matches].reverse().find(({ route }) => route.path)?.route.path;
  if (!path) return null;
  return path.startsWith('/') ? path : `/${path}`;
}

type Where = { pathname: string; search: string };

/**
 * Calls `onChange` with each new location (path and query) the history moves to: the router's
 * push and replace, back and forward. Returns the undo.
 */
export function watchLocation(onChange: (where: Where) => void, win: Window = window): () => void {
  const { history } = win;
  // The very methods, put back as they were by the undo (each is called with `history` below).
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { pushState: push, replaceState: replace } = history;
  let last = `${win.location.pathname}${win.location.search}`;
  const changed = () => {
    const { pathname, search } = win.location;
    if (`${pathname}${search}` === last) return;
    last = `${pathname}${search}`;
    onChange({ pathname, search });
  };
  history.pushState = function pushState(this: History, ...args: Parameters<History['pushState']>) {
    push.apply(this, args);
    changed();
  };
  history.replaceState = function replaceState(this: History, ...args: Parameters<History['replaceState']>) {
    replace.apply(this, args);
    changed();
  };
  win.addEventListener('popstate', changed);
  return () => {
    history.pushState = push;
    history.replaceState = replace;
    win.removeEventListener('popstate', changed);
  };
}

/** Tracks the page shown now, then every location the page moves to. Returns the undo. */
export function trackPageViews(
  routes: RouteObject[],
  track: (name: string, options: { screen: string; properties: Record<string, unknown> }) => void,
  win: Window = window,
): () => void {
  const view = ({ pathname }: Where) => {
    const screen = screenOf(routes, pathname);
    if (screen) track(PAGE_VIEW_EVENT, { screen, properties: { path: pathname } });
  };
  view(win.location);
  return watchLocation(view, win);
}
