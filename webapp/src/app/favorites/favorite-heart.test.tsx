import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { closeModalsNotOn, useOpenModals, type OpenModal } from '@/components/modals/modal-store';
import { favoriteKeys } from '@/features/favorites/queries';
import * as loginModule from '@/features/identity/login';
import { clearLogin, setLogin } from '@/features/identity/login-store';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import { FavoriteHeart } from './favorite-heart';

// A spy on the module's export, not vi.mock: the files of a worker share one module graph
// (vite.config.ts), where favorite-heart.tsx may have been loaded with the real login already.
let login: MockInstance<typeof loginModule.login>;
beforeEach(() => {
  login = vi.spyOn(loginModule, 'login').mockImplementation(() => undefined);
});

let open: readonly OpenModal[] = [];
function ModalSpy() {
  const modals = useOpenModals();
  useEffect(() => {
    open = modals;
  });
  return null;
}

const SECURITY_ID = 'KOREA-A005930';

afterEach(() => {
  closeModalsNotOn('none');
  clearLogin();
  sessionStorage.clear();
});

describe('FavoriteHeart', () => {
  it('sends a visitor through the login, then opens the picker back on the page', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(favoriteKeys.ofSecurity(SECURITY_ID), []);
    renderWithProviders(
      <>
        <FavoriteHeart securityId={SECURITY_ID} />
        <ModalSpy />
      </>,
      { queryClient },
    );
    fireEvent.click(screen.getByRole('button', { name: '관심종목 추가' }));
    expect(login).toHaveBeenCalledTimes(1);
    expect(open).toHaveLength(0);
    // Back from the login, signed in.
    act(() => setLogin('sise-token', 3600));
    expect(open.map((modal) => modal.type)).toEqual(['favoriteGroupPicker']);
  });

  it('is filled when a group holds the stock, and opens the picker for a member', () => {
    setLogin('sise-token', 3600);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(favoriteKeys.ofSecurity(SECURITY_ID), [
      { id: 9, favorite_stock_list_id: 1, security_id: SECURITY_ID },
    ]);
    renderWithProviders(
      <>
        <FavoriteHeart securityId={SECURITY_ID} name="삼성전자" />
        <ModalSpy />
      </>,
      { queryClient },
    );
    const heart = screen.getByRole('button', { name: '관심종목 해제·변경' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart);
    expect(login).not.toHaveBeenCalled();
    expect(open[0]).toMatchObject({ type: 'favoriteGroupPicker', props: { securityId: SECURITY_ID, name: '삼성전자' } });
  });
});
