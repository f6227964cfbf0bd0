import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { isPageUpdated, resetPageUpdated } from '@/lib/page-update';

import { OFFLINE_MESSAGE, PAGE_UPDATED_MESSAGE, PageStates } from './page-states';

const handle: { navigate: NavigateFunction } = { navigate: () => undefined };
function Navigate() {
  const navigate = useNavigate();
  useEffect(() => {
    handle.navigate = navigate;
  }, [navigate]);
  return null;
}

function renderStates() {
  const reload = vi.fn();
  render(
    <MemoryRouter initialEntries={['/m']}>
      <Navigate />
      <PageStates reload={reload} />
    </MemoryRouter>,
  );
  return reload;
}

let meta: HTMLMetaElement;
beforeEach(() => {
  meta = document.createElement('meta');
  meta.name = 'sise-release';
  meta.content = 'r1';
  document.head.append(meta);
  resetPageUpdated();
});
afterEach(() => {
  meta.remove();
  act(() => onlineManager.setOnline(true));
});

describe('PageStates', () => {
  it('tells the reader when the page is offline, until it is online again', () => {
    renderStates();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_MESSAGE);
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells the reader of a new release when the page comes into view, and loads the next location whole', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html><head><meta name="sise-release" content="r2"></head></html>'))),
    );
    const reload = renderStates();
    // Checked when the page comes back into view (at most every few minutes: forced by the test's clock).
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 3_600_000);
    act(() => {
      fireEvent(document, new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(PAGE_UPDATED_MESSAGE));
    fireEvent.click(screen.getByRole('button', { name: '새로고침' }));
    expect(reload).toHaveBeenCalledTimes(1);

    // A location change resets the flag, as a whole load of the new location.
    await act(async () => {
      await handle.navigate('/m/trend');
    });
    expect(reload).toHaveBeenCalledTimes(2);
    expect(isPageUpdated()).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
