import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LOGIN_STORAGE_KEY, clearLogin } from './login-store';
import { useLogin } from './use-login';

function Status({ name }: { name: string }) {
  const { isAuthenticated } = useLogin();
  return <p data-testid={name}>{isAuthenticated ? 'in' : 'out'}</p>;
}

afterEach(() => clearLogin());

describe('useLogin', () => {
  it('follows another tab through one storage listener, however many components read it', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const storageCalls = (spy: typeof add | typeof remove) => spy.mock.calls.filter(([type]) => type === 'storage');
    const { unmount } = render(
      <>
        <Status name="a" />
        <Status name="b" />
        <Status name="c" />
      </>,
    );
    expect(storageCalls(add)).toHaveLength(1);

    // Another tab signs in.
    localStorage.setItem(LOGIN_STORAGE_KEY, JSON.stringify({ accessToken: 't', expiresAt: Date.now() + 60_000 }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LOGIN_STORAGE_KEY }));
    });
    expect(['a', 'b', 'c'].map((name) => screen.getByTestId(name).textContent)).toEqual(['in', 'in', 'in']);

    // …and clears its storage.
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(screen.getByTestId('a').textContent).toBe('out');

    unmount();
    expect(storageCalls(remove)).toHaveLength(1);
    expect(storageCalls(remove)[0]?.[1]).toBe(storageCalls(add)[0]?.[1]);
  });
});
