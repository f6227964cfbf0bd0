import { QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { createTestQueryClient } from '@/testing/test-utils';

import PullToRefresh, { PULL_THRESHOLD_PX } from './pull-to-refresh';

function Quotes({ fetchQuotes }: { fetchQuotes: () => Promise<string> }) {
  const { data } = useQuery(queryOptions({ queryKey: ['quotes'], queryFn: fetchQuotes }));
  return <p>{data}</p>;
}

function renderPage() {
  let served = 0;
  let release: () => void = () => undefined;
  const fetchQuotes = vi.fn(() => {
    served += 1;
    if (served === 1) return Promise.resolve('처음');
    return new Promise<string>((resolve) => {
      release = () => resolve('새로');
    });
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Quotes fetchQuotes={fetchQuotes} />
      <PullToRefresh />
    </QueryClientProvider>,
  );
  return { fetchQuotes, release: () => release() };
}

/** A finger from y 100 down by `by` px. */
function pull(by: number, target: Window | Element = window) {
  fireEvent.touchStart(target, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(window, { touches: [{ clientY: 100 + by / 2 }] });
  fireEvent.touchMove(window, { touches: [{ clientY: 100 + by }] });
}

describe('PullToRefresh', () => {
  it("refetches the page's data after a long enough pull at the top, showing it meanwhile", async () => {
    const { fetchQuotes, release } = renderPage();
    await screen.findByText('처음');
    expect(document.documentElement.style.overscrollBehaviorY).toBe('contain');

    act(() => pull(PULL_THRESHOLD_PX * 2 + 10));
    expect(screen.getByRole('status').textContent).toBe('놓으면 새로고침');
    act(() => {
      fireEvent.touchEnd(window);
    });
    expect(screen.getByRole('status').textContent).toBe('새로고침 중…');
    expect(fetchQuotes).toHaveBeenCalledTimes(2);
    act(() => release());
    await screen.findByText('새로');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('lets a short pull go without refetching', async () => {
    const { fetchQuotes } = renderPage();
    await screen.findByText('처음');
    act(() => pull(PULL_THRESHOLD_PX));
    expect(screen.getByRole('status').textContent).toBe('당겨서 새로고침');
    act(() => {
      fireEvent.touchEnd(window);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchQuotes).toHaveBeenCalledTimes(1);
  });

  it('does not pull below the top of the page, upwards, or in a modal', async () => {
    const { fetchQuotes } = renderPage();
    await screen.findByText('처음');
    act(() => pull(-200));
    act(() => {
      fireEvent.touchEnd(window);
    });
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    act(() => pull(PULL_THRESHOLD_PX * 3, dialog));
    act(() => {
      fireEvent.touchEnd(window);
    });
    dialog.remove();
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    act(() => pull(PULL_THRESHOLD_PX * 3));
    act(() => {
      fireEvent.touchEnd(window);
    });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchQuotes).toHaveBeenCalledTimes(1);
  });
});
