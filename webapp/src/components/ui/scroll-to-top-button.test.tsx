import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ScrollToTopButton, isPastScrollThreshold } from './scroll-to-top-button';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

describe('isPastScrollThreshold', () => {
  it('is true only past one third of the screen height', () => {
    expect(isPastScrollThreshold(0, 844)).toBe(false);
    expect(isPastScrollThreshold(281, 844)).toBe(false);
    expect(isPastScrollThreshold(281.33, 844)).toBe(false);
    expect(isPastScrollThreshold(282, 844)).toBe(true);
    expect(isPastScrollThreshold(400, 1200)).toBe(false);
    expect(isPastScrollThreshold(401, 1200)).toBe(true);
  });
});

describe('ScrollToTopButton', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    vi.useRealTimers();
  });

  it('appears after a third of the screen height and scrolls back to the top', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
    const scrollSpy = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<ScrollToTopButton />);
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();

    scrollTo(200);
    await act(() => vi.advanceTimersToNextFrame());
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();

    scrollTo(300);
    await act(() => vi.advanceTimersToNextFrame());
    fireEvent.click(screen.getByRole('button', { name: '맨 위로' }));
    expect(scrollSpy).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

    scrollTo(0);
    await act(() => vi.advanceTimersToNextFrame());
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();
  });
});
