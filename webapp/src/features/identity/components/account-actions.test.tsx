import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ModalHost, type ModalComponents, type ModalProps } from '@/components/modals/modal-host';
import { closeModalsNotOn } from '@/components/modals/modal-store';
import { configureApiAuth } from '@/lib/api';
import { createTestQueryClient } from '@/testing/test-utils';

import { clearLogin, getLogin, identityApiAuth, setLogin } from '../login-store';
import { OAUTH_STATE_STORAGE_KEY } from '../oauth';
import { userKeys } from '../queries';

import { AccountActions, SECESSION_CONFIRM_MESSAGE } from './account-actions';

const REAUTH_MESSAGE = '보안을 위해 다시 로그인한 뒤 탈퇴해 주세요.';

function Alert({ message, close }: ModalProps<'alert'>) {
  return (
    <button type="button" onClick={close}>
      {message}
    </button>
  );
}
function Confirm({ message, confirmLabel, onConfirm, close }: ModalProps<'confirm'>) {
  return (
    <div data-testid="confirm" data-message={message}>
      <button
        type="button"
        onClick={() => {
          onConfirm();
          close();
        }}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
const COMPONENTS = { alert: { component: Alert }, confirm: { component: Confirm } } as unknown as ModalComponents;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** At `route` of a browser router: modals belong to the history entry they opened on. */
function renderAt(route: string, queryClient = createTestQueryClient()) {
  window.history.replaceState(null, '', route);
  return render(
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AccountActions />
        <Where />
        <ModalHost components={COMPONENTS} />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  closeModalsNotOn('none');
  configureApiAuth(null);
  clearLogin();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('회원 탈퇴', () => {
  it("signs out and goes home, the member's data dropped with the profile", async () => {
    setLogin('sise-token', 3600);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(userKeys.me(), { id: 7, name: '개미' });
    const memberData = [['social', 'comments', 'mine', { limit: 20 }], ['favorites', 'lists'], ['contests', 'detail', 3]];
    for (const key of memberData) queryClient.setQueryData(key, { whose: '개미' });
    queryClient.setQueryData(['quotes', 'list'], { price: 100 });
    renderAt('/m/settings', queryClient);
    fireEvent.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    fireEvent.click(await screen.findByRole('button', { name: '탈퇴' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/m'));
    expect(getLogin().isAuthenticated).toBe(false);
    for (const key of [userKeys.me(), ...memberData]) expect(queryClient.getQueryData(key)).toBeUndefined();
    expect(queryClient.getQueryData(['quotes', 'list'])).toEqual({ price: 100 });
  });
});

describe('회원 탈퇴 from an old session', () => {
  it('says why, starts a fresh messenger login and comes back to the settings to confirm again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost:3000', assign });
    setLogin('sise-token', 3600);
    configureApiAuth(identityApiAuth);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request | string, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(new URL(input, 'http://localhost:3000'), init);
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return Promise.resolve(
          new Response(JSON.stringify({ error: 'reauthentication_required', message: REAUTH_MESSAGE }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    renderAt('/m/settings');
    fireEvent.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    fireEvent.click(await screen.findByRole('button', { name: '탈퇴' }));
    // The server's reason first; nothing has left yet.
    fireEvent.click(await screen.findByRole('button', { name: REAUTH_MESSAGE }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(calls).toEqual(['DELETE /main/api/users/me']);
    const url = new URL(assign.mock.calls[0]?.[0] as string, 'http://localhost:3000');
    expect(url.pathname).toBe('/dev/kakao/oauth/authorize');
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(JSON.parse(sessionStorage.getItem(OAUTH_STATE_STORAGE_KEY)!)).toMatchObject({
      state: url.searchParams.get('state'),
      returnTo: '/m/settings?secede=1',
    });
  });

  it('back from that login, opens the confirmation again (and drops the marker)', async () => {
    setLogin('sise-token', 3600);
    renderAt('/m/settings?secede=1');
    const dialog = await screen.findByTestId('confirm');
    expect(dialog.dataset.message).toBe(SECESSION_CONFIRM_MESSAGE);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/m/settings'));
  });

  it('without the marker, opens nothing by itself', () => {
    setLogin('sise-token', 3600);
    renderAt('/m/settings');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
