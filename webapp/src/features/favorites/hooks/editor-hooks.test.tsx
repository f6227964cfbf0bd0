import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { closeModalsNotOn, useOpenModals } from '@/components/modals/modal-store';
import { ApiError } from '@/lib/api';
import { createTestQueryClient } from '@/testing/test-utils';

import { useLocalOrder } from './use-local-order';
import { useSelection } from './use-selection';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => act(() => closeModalsNotOn('none')));

describe('useSelection', () => {
  it('toggles keys and clears them', () => {
    const { result } = renderHook(() => useSelection<string>());
    act(() => result.current.toggle('a'));
    act(() => result.current.toggle('b'));
    act(() => result.current.toggle('a'));
    expect([...result.current.selected]).toEqual(['b']);
    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
  });
});

describe('useLocalOrder', () => {
  it('shows a drop at once, sends it, and follows the next server order', () => {
    const send = vi.fn(() => Promise.resolve());
    const { result, rerender } = renderHook(({ items }) => useLocalOrder(items, send), {
      wrapper,
      initialProps: { items: [1, 2, 3] },
    });
    act(() => result.current[1]([3, 1, 2]));
    expect(result.current[0]).toEqual([3, 1, 2]);
    expect(send).toHaveBeenCalledWith([3, 1, 2]);
    rerender({ items: [2, 3, 1] });
    expect(result.current[0]).toEqual([2, 3, 1]);
  });

  it('puts the server order back when the order is refused, and says why', async () => {
    // The server's order: the same array until the server answers again (as query data).
    const items = [1, 2, 3];
    const refused = new ApiError(400, { error: 'invalid_order', message: '순서가 올바르지 않습니다.' });
    const { result } = renderHook(
      () => ({ order: useLocalOrder(items, () => Promise.reject(refused)), modals: useOpenModals() }),
      { wrapper },
    );
    act(() => result.current.order[1]([2, 1, 3]));
    await waitFor(() => expect(result.current.order[0]).toEqual([1, 2, 3]));
    expect(result.current.modals.map((modal) => modal.props)).toEqual([{ message: '순서가 올바르지 않습니다.' }]);
  });
});
