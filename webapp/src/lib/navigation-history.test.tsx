import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  NAVIGATION_STORAGE_KEY,
  backStep,
  navigationDistance,
  rememberLocation,
  useGoBack,
  useTrackNavigation,
} from './navigation-history';

describe('backStep', () => {
  it('goes back by the distance when the history holds it', () => {
    expect(backStep(2, 5, '/m/fallback')).toEqual({ go: -2 });
    expect(backStep(1, 2)).toEqual({ go: -1 });
  });

  it('otherwise replaces this entry with the fallback, or goes one step back without one', () => {
    // The history is too short (a page opened on its own, a new tab).
    expect(backStep(3, 3, '/m/fallback')).toEqual({ replace: '/m/fallback' });
    // Nothing remembered, or standing on it.
    expect(backStep(null, 10, '/m/fallback')).toEqual({ replace: '/m/fallback' });
    expect(backStep(0, 10, '/m/fallback')).toEqual({ replace: '/m/fallback' });
    expect(backStep(null, 10)).toEqual({ go: -1 });
  });
});

const handle: { navigate: NavigateFunction; goBack: (fallback?: string) => void } = {
  navigate: () => undefined,
  goBack: () => undefined,
};

function Harness() {
  const navigate = useNavigate();
  const goBack = useGoBack();
  useTrackNavigation();
  const location = useLocation();
  useEffect(() => {
    handle.navigate = navigate;
    handle.goBack = goBack;
  });
  return <p data-testid="at">{location.pathname}</p>;
}

const at = () => screen.getByTestId('at').textContent;

async function go(to: string, options?: { replace?: boolean }) {
  await act(async () => {
    await handle.navigate(to, options);
  });
}

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/m');
  render(
    <BrowserRouter>
      <Harness />
    </BrowserRouter>,
  );
});

afterEach(() => sessionStorage.clear());

describe('the distance counter', () => {
  it('counts pushes from the remembered location, not replaces, and goes back by it', async () => {
    await go('/m/stocks/KOREA-A005930');
    await go('/m/stocks/KOREA-A005930/debates');
    rememberLocation();
    expect(navigationDistance()).toEqual({ href: '/m/stocks/KOREA-A005930/debates', distance: 0 });
    await go('/m/stocks/KOREA-A005930/debates/new');
    await go('/m/stocks/KOREA-A005930/debates/new?step=2', { replace: true });
    await go('/m/stocks/KOREA-A005930/debates/new/preview');
    expect(navigationDistance()?.distance).toBe(2);

    act(() => handle.goBack('/m/fallback'));
    await waitFor(() => expect(at()).toBe('/m/stocks/KOREA-A005930/debates'));
    // The flow is over: nothing remembered.
    expect(sessionStorage.getItem(NAVIGATION_STORAGE_KEY)).toBeNull();
    // Back from there is the page before the board, as if the form had never been.
    act(() => window.history.back());
    await waitFor(() => expect(at()).toBe('/m/stocks/KOREA-A005930'));
  });

  it('goes to the fallback when nothing is remembered', async () => {
    await go('/m/stocks/KOREA-A005930/debates/new');
    act(() => handle.goBack('/m/stocks/KOREA-A005930/debates'));
    await waitFor(() => expect(at()).toBe('/m/stocks/KOREA-A005930/debates'));
    // In place of the form: back is the page before it.
    act(() => window.history.back());
    await waitFor(() => expect(at()).toBe('/m'));
  });

  it('forgets the remembered location once the reader went back before it', async () => {
    await go('/m/trend');
    rememberLocation();
    await go('/m/search');
    expect(navigationDistance()?.distance).toBe(1);
    act(() => window.history.go(-2));
    await waitFor(() => expect(at()).toBe('/m'));
    expect(navigationDistance()).toBeNull();
  });

  it('forgets it once its entry was replaced by another', async () => {
    await go('/m/trend');
    rememberLocation();
    await go('/m/trend/kospi', { replace: true });
    expect(navigationDistance()).toBeNull();
  });
});
