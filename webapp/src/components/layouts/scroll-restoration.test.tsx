import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction, type NavigateOptions } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ScrollRestoration } from './scroll-restoration';

const router: { navigate?: NavigateFunction } = {};

function CaptureNavigate() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

/** Navigates like a link (a path) or the back and forward buttons (a number). */
async function navigate(to: string | number, options?: NavigateOptions) {
  if (!router.navigate) throw new Error('not rendered');
  await (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options));
}

/** The page is scrolled to `y` by the user: the browser moves and tells the listeners. */
function userScrollsTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

function setup(path = '/m/stocks/A') {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation((_x?: number | ScrollToOptions, y?: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollRestoration />
      <CaptureNavigate />
    </MemoryRouter>,
  );
  return scrollTo;
}

describe('ScrollRestoration', () => {
  beforeEach(() => {
    sessionStorage.clear();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
  afterEach(() => {
    window.history.scrollRestoration = 'auto';
  });

  it('takes over from the browser and starts a new page at the top', async () => {
    const scrollTo = setup();
    expect(window.history.scrollRestoration).toBe('manual');
    userScrollsTo(500);
    scrollTo.mockClear();
    await act(() => navigate('/m/stocks/B'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('returns to where each page was on back and forward', async () => {
    const scrollTo = setup();
    userScrollsTo(500);
    await act(() => navigate('/m/stocks/B'));
    userScrollsTo(120);
    scrollTo.mockClear();
    await act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 500);
    await act(() => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
  });

  it('keeps the position when only the search changes, and remembers it for back', async () => {
    const scrollTo = setup('/m/stocks/A?chart=1d');
    userScrollsTo(300);
    scrollTo.mockClear();
    await act(() => navigate('/m/stocks/A?chart=3m', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => navigate('/m/stocks/B'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it('starts the results of another search at the top, and returns to the last on back', async () => {
    const scrollTo = setup('/m/search/query?keyword=A');
    userScrollsTo(700);
    scrollTo.mockClear();
    await act(() => navigate('/m/search/query?keyword=B'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
  });

  it('scrolls a page opened again at the same address to the top', async () => {
    const scrollTo = setup();
    userScrollsTo(400);
    scrollTo.mockClear();
    await act(() => navigate('/m/stocks/A'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the positions for a reload when the page is hidden', () => {
    setup();
    userScrollsTo(250);
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}') as Record<string, number>;
    expect(Object.values(saved)).toEqual([250]);
  });
});
