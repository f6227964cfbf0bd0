// Page views (lib/analytics/page-views.ts) over the app's own route table.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { screenOf, trackPageViews } from '@/lib/analytics/page-views';

import { routes } from './route-table';

describe('screenOf', () => {
  it('names the route pattern a location shows, not its address', () => {
    expect(screenOf(routes, '/m')).toBe('/m');
    expect(screenOf(routes, '/m/stocks/KOREA-A005930')).toBe('/m/stocks/:securityId');
    expect(screenOf(routes, '/m/stocks/KOREA-A000660/quotations/daily')).toBe('/m/stocks/:securityId/quotations/daily');
    expect(screenOf(routes, '/m/stocks/KOREA-A005930/articles')).toBe('/m/stocks/:securityId/articles');
    expect(screenOf(routes, '/m/stocks/KOREA-A005930/debates/42')).toBe('/m/stocks/:securityId/debates/:debateId');
    expect(screenOf(routes, '/m/trend/wics_sectors/G2510')).toBe('/m/trend/wics_sectors/:wicsSectorCode');
    expect(screenOf(routes, '/m/my/favorite_stock_lists/3')).toBe('/m/my/favorite_stock_lists/*');
    expect(screenOf(routes, '/m/nowhere')).toBe('/*');
  });

  it('has none for a location that only redirects (its destination is counted)', () => {
    expect(screenOf(routes, '/')).toBeNull();
    expect(screenOf(routes, '/m/trend')).toBeNull();
    expect(screenOf(routes, '/m/stocks/KOREA-A005930/quotations')).toBeNull();
    expect(screenOf(routes, '/m/debates')).toBeNull();
    expect(screenOf(routes, '/m/stocks/KOREA-A005930.json')).toBeNull();
  });
});

describe('trackPageViews', () => {
  let undo: (() => void) | undefined;
  afterEach(() => {
    undo?.();
    window.history.replaceState(null, '', '/');
  });

  it('tracks the page shown, then every location the router pushes, replaces or goes back to', async () => {
    window.history.replaceState(null, '', '/m/stocks/KOREA-A005930?chart=1y');
    const track = vi.fn();
    undo = trackPageViews(routes, track);
    expect(track.mock.calls).toEqual([
      ['page_view', { screen: '/m/stocks/:securityId', properties: { path: '/m/stocks/KOREA-A005930' } }],
    ]);

    window.history.pushState({ idx: 1 }, '', '/m/trend');
    // The redirect's own location is not a view; where it goes is.
    window.history.replaceState({ idx: 1 }, '', '/m/trend/domestic');
    // The same location again (a state change only) is no new view.
    window.history.replaceState({ idx: 1, other: true }, '', '/m/trend/domestic');
    window.history.pushState({ idx: 2 }, '', '/m/search');
    expect(track.mock.calls.map(([, { screen }]) => screen as string)).toEqual([
      '/m/stocks/:securityId',
      '/m/trend/domestic',
      '/m/search',
    ]);

    // Back: the browser's popstate.
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await popped;
    expect(window.location.pathname).toBe('/m/trend/domestic');
    expect(track).toHaveBeenCalledTimes(4);
    expect(track.mock.calls[3]?.[1]).toEqual({ screen: '/m/trend/domestic', properties: { path: '/m/trend/domestic' } });

    undo();
    undo = undefined;
    window.history.pushState({ idx: 3 }, '', '/m/my');
    expect(track).toHaveBeenCalledTimes(4);
  });
});
