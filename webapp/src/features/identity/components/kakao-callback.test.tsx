import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, MemoryRouter, useLocation, useRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ModalHost, type ModalComponents, type ModalProps } from '@/components/modals/modal-host';
import { closeModalsNotOn } from '@/components/modals/modal-store';
import { createTestQueryClient } from '@/testing/test-utils';

import { KAKAO_TOKEN_STORAGE_KEY } from '../kakao-token';
import { useRequireLogin } from '../login';
import { clearLogin, getLogin } from '../login-store';
import { OAUTH_STATE_STORAGE_KEY } from '../oauth';
import { userKeys } from '../queries';

import { KakaoCallback, OAUTH_STATE_MESSAGE } from './kakao-callback';

function Alert({ message, close }: ModalProps<'alert'>) {
  return (
    <button type="button" onClick={close}>
      {message}
    </button>
  );
}
function AgreeTerms({ onAgree, close }: ModalProps<'agreeTerms'>) {
  return (
    <button
      type="button"
      onClick={() => {
        onAgree({ service_age: true, service: true, private_collect: true });
        close();
      }}
    >
      동의하고 시작하기
    </button>
  );
}
const SetProfile = () => <p>프로필 설정</p>;
const Empty = () => null;
const COMPONENTS = {
  alert: { component: Alert },
  confirm: { component: Empty },
  agreeTerms: { component: AgreeTerms, fullScreen: true },
  releaseDormant: { component: Empty, fullScreen: true },
  setProfile: { component: SetProfile, fullScreen: true },
} as unknown as ModalComponents;

function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="where">{location.pathname}</output>
      <output data-testid="state">{JSON.stringify(location.state)}</output>
    </>
  );
}

function renderCallback(
  search: string,
  pending: { state: string; returnTo: string; verifier?: string } | null,
  queryClient = createTestQueryClient(),
) {
  if (pending) sessionStorage.setItem(OAUTH_STATE_STORAGE_KEY, JSON.stringify(pending));
  window.history.replaceState(null, '', `/m/oauth/kakao${search}`);
  return render(
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <KakaoCallback />
        <Where />
        <ModalHost components={COMPONENTS} />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

/** A screen only members see, as /m/settings and 관심종목 use it. */
function MembersOnly() {
  const signedIn = useRequireLogin();
  return signedIn ? <p>회원 화면</p> : <p>로그인이 필요합니다.</p>;
}

function MembersOnlyRoutes({ path }: { path: string }) {
  return useRoutes([
    { path: '/m/oauth/kakao', element: <KakaoCallback /> },
    { path, element: <MembersOnly /> },
  ]);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SESSION = { access_token: 'sise-token', expires_in: 3600, user: { id: 1, name: '개미' } };

afterEach(() => {
  act(() => closeModalsNotOn('none'));
  clearLogin();
  sessionStorage.clear();
});

describe('KakaoCallback', () => {
  it('refuses an answer whose state it did not send, and goes back marked as a failed login', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderCallback('?code=abc&state=forged', { state: 'mine', returnTo: '/m/settings' });
    const alert = await screen.findByRole('button', { name: OAUTH_STATE_MESSAGE });
    act(() => alert.click());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/m/settings'));
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual({ loginFailed: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['/m/settings', '/m/my/favorite_stock_lists'])(
    'brings a cancelled login back to the members-only %s, which shows its prompt instead of logging in again',
    async (returnTo) => {
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, origin: 'http://localhost:3000', assign });
      sessionStorage.setItem(OAUTH_STATE_STORAGE_KEY, JSON.stringify({ state: 's3', returnTo }));
      render(
        <QueryClientProvider client={createTestQueryClient()}>
          <MemoryRouter initialEntries={['/m/oauth/kakao?error=access_denied&state=s3']}>
            <MembersOnlyRoutes path={returnTo} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      expect(await screen.findByText('로그인이 필요합니다.')).toBeTruthy();
      // Give a second login every chance to start.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(assign).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(OAUTH_STATE_STORAGE_KEY)).toBeNull();
    },
  );

  it('brings a failed session call back marked as a failed login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request | string) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/oauth/token')) return Promise.resolve(json(200, { access_token: 'kakao-token' }));
        return Promise.resolve(json(403, { error: 'user_suspended', message: '이용이 정지된 계정입니다.' }));
      }),
    );
    renderCallback('?code=abc&state=s4', { state: 's4', returnTo: '/m/my/favorite_stock_lists' });
    const alert = await screen.findByRole('button', { name: '이용이 정지된 계정입니다.' });
    act(() => alert.click());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/m/my/favorite_stock_lists'));
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual({ loginFailed: true });
    expect(getLogin().isAuthenticated).toBe(false);
  });

  it('exchanges the code, opens the session and returns to the saved path', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(new URL(input, window.location.href), init);
        calls.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
        if (request.url.endsWith('/oauth/token')) {
          return json(200, { access_token: 'kakao-token', token_type: 'bearer', refresh_token: 'r', expires_in: 3600, refresh_token_expires_in: 9 });
        }
        return json(200, SESSION);
      }),
    );
    const queryClient = createTestQueryClient();
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    renderCallback('?code=abc&state=s1', { state: 's1', returnTo: '/m/stocks/KOREA-A005930', verifier }, queryClient);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/m/stocks/KOREA-A005930'));
    expect(screen.getByTestId('state').textContent).toBe('null');
    // The PKCE verifier of the login goes with the code.
    expect(calls[0]).toBe(
      `POST /dev/kakao/oauth/token grant_type=authorization_code&client_id=sise-dev-app-key&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fm%2Foauth%2Fkakao&code=abc&code_verifier=${verifier}`,
    );
    expect(calls[1]).toBe('POST /main/api/session {"kakao_access_token":"kakao-token"}');
    expect(getLogin().accessToken).toBe('sise-token');
    expect(sessionStorage.getItem(KAKAO_TOKEN_STORAGE_KEY)).toBe('kakao-token');
    // The session's member is the cached one: the profile and the header need not ask.
    expect(queryClient.getQueryData(userKeys.me())).toEqual(SESSION.user);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('signs a new member up, then opens the profile on the page it returns to', async () => {
    const sessions = [json(404, { error: 'user_not_found', message: '회원이 아닙니다.' }), json(200, SESSION)];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request | string) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/oauth/token')) return Promise.resolve(json(200, { access_token: 'kakao-token' }));
        if (url.endsWith('/api/users')) return Promise.resolve(json(201, { user: SESSION.user }));
        return Promise.resolve(sessions.shift()!);
      }),
    );
    renderCallback('?code=abc&state=s2', { state: 's2', returnTo: '/m/settings' });
    const agree = await screen.findByRole('button', { name: '동의하고 시작하기' });
    act(() => agree.click());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/m/settings'));
    await waitFor(() => expect(screen.getByText('프로필 설정')).toBeTruthy());
    expect(screen.getByRole('dialog').className).toBe('modal modal--full');
  });
});
