import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { closeModalsNotOn, useOpenModals } from '@/components/modals/modal-store';
import { userKeys } from '@/features/identity/queries';
import { clearLogin, identityApiAuth, setLogin } from '@/features/identity/login-store';
import { KAKAO_TOKEN_STORAGE_KEY } from '@/features/identity/kakao-token';
import { OAUTH_STATE_STORAGE_KEY } from '@/features/identity/oauth';
import { configureApiAuth } from '@/lib/api';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import SettingsRoute from './settings';

const USER = {
  id: 7,
  name: '개미',
  birth_year: 1990,
  gender: 1,
  email: null,
  avatar_url: null,
  open_favorite_stocks: true,
  is_edited_user_name: true,
};

function Modals() {
  const modals = useOpenModals();
  return <div data-testid="modals">{modals.map((modal) => modal.type).join(',')}</div>;
}

function stubLocation() {
  const assign = vi.fn();
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'http://localhost:3000', pathname: '/m/settings', search: '', assign, reload });
  return { assign, reload };
}

afterEach(() => {
  closeModalsNotOn('none');
  configureApiAuth(null);
  clearLogin();
  sessionStorage.clear();
});

describe('/m/settings', () => {
  it('sends a visitor to the messenger login, to come back here', async () => {
    const { assign } = stubLocation();
    renderWithProviders(<SettingsRoute />, { route: '/m/settings' });
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]?.[0] as string, 'http://localhost:3000');
    expect(url.pathname).toBe('/dev/kakao/oauth/authorize');
    expect(JSON.parse(sessionStorage.getItem(OAUTH_STATE_STORAGE_KEY)!)).toMatchObject({
      state: url.searchParams.get('state'),
      returnTo: '/m/settings',
    });
    expect(screen.queryByText('로그아웃')).toBeNull();
  });

  it('shows a member the profile, 글자 크기, the legal pages, 로그아웃 and 회원 탈퇴', () => {
    setLogin('sise-token', 3600);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(userKeys.me(), USER);
    queryClient.setQueryData(userKeys.setting(), { open_favorite_stocks: true });
    renderWithProviders(
      <>
        <SettingsRoute />
        <Modals />
      </>,
      { route: '/m/settings', queryClient },
    );
    expect(screen.getByText('개미')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: '관심종목 공개' }).checked).toBe(true);
    expect(screen.getByRole('button', { name: '보통', pressed: true })).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/m/terms/service',
      '/m/terms/privacy',
      '/m/terms/content',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '프로필 수정' }));
    expect(screen.getByTestId('modals').textContent).toBe('setProfile');
    fireEvent.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    expect(screen.getByTestId('modals').textContent).toBe('setProfile,confirm');
  });

  it('logs out: DELETE the session, the messenger logout with its token, then a reload', async () => {
    const { assign, reload } = stubLocation();
    setLogin('sise-token', 3600);
    configureApiAuth(identityApiAuth);
    sessionStorage.setItem(KAKAO_TOKEN_STORAGE_KEY, 'kakao-token');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request | string, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(new URL(input, 'http://localhost:3000'), init);
        calls.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('Authorization')}`);
        return Promise.resolve(new Response(null, { status: 204 }));
      }),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(userKeys.me(), USER);
    queryClient.setQueryData(userKeys.setting(), { open_favorite_stocks: true });
    renderWithProviders(<SettingsRoute />, { route: '/m/settings', queryClient });
    fireEvent.click(screen.getByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    // Signed out on the page: not sent to the login again on the way out.
    expect(screen.getByRole('button', { name: '로그인' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(calls).toEqual([
      'DELETE /main/api/session Bearer sise-token',
      'POST /dev/kakao/v1/user/logout Bearer kakao-token',
    ]);
    expect(sessionStorage.getItem(KAKAO_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
