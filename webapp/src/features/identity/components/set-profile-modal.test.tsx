import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { closeModalsNotOn, useOpenModals } from '@/components/modals/modal-store';
import { configureApiAuth } from '@/lib/api';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import type { User } from '../api';
import { clearLogin, identityApiAuth, setLogin } from '../login-store';
import { userKeys } from '../queries';

import SetProfileModal from './set-profile-modal';

const USER: User = {
  id: 7,
  name: '개미',
  birth_year: 1990,
  gender: null,
  email: 'ant@example.com',
  avatar_url: null,
  open_favorite_stocks: true,
  is_edited_user_name: false,
};

/** The alerts the form opened (the modal host is not rendered here). */
function Alerts() {
  const modals = useOpenModals();
  return (
    <ul data-testid="alerts">
      {modals.map((modal) => (
        <li key={modal.id}>{modal.type === 'alert' ? modal.props.message : modal.type}</li>
      ))}
    </ul>
  );
}

function renderForm() {
  const close = vi.fn();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(userKeys.me(), USER);
  const result = renderWithProviders(
    <>
      <SetProfileModal close={close} />
      <Alerts />
    </>,
    { queryClient },
  );
  return { ...result, close, queryClient };
}

const nickname = () => screen.getByLabelText<HTMLInputElement>('닉네임');

beforeEach(() => {
  setLogin('sise-token', 3600);
  configureApiAuth(identityApiAuth);
});

afterEach(() => {
  closeModalsNotOn('none');
  configureApiAuth(null);
  clearLogin();
});

describe('SetProfileModal', () => {
  it('fills the fields from the member, a first-time gender as 남성', async () => {
    renderForm();
    expect((await screen.findByLabelText<HTMLInputElement>('닉네임')).value).toBe('개미');
    expect(screen.getByLabelText<HTMLSelectElement>('출생년도').value).toBe('1990');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '남성' }).checked).toBe(true);
    const years = [...screen.getByLabelText<HTMLSelectElement>('출생년도').options].map((option) => option.value);
    expect(years[0]).toBe('----');
    expect(years[1]).toBe(String(new Date().getFullYear() - 14));
    expect(years.at(-1)).toBe('1900');
  });

  it('drops unsaved changes on 뒤로 가기: the next one starts from the cached member', async () => {
    const { close, queryClient, unmount } = renderForm();
    fireEvent.change(await screen.findByLabelText('닉네임'), { target: { value: '바뀐닉네임' } });
    fireEvent.click(screen.getByRole('button', { name: '뒤로 가기' }));
    expect(close).toHaveBeenCalledTimes(1);
    unmount();
    renderWithProviders(<SetProfileModal close={close} />, { queryClient });
    expect(nickname().value).toBe('개미');
    expect(screen.getByLabelText<HTMLSelectElement>('출생년도').value).toBe('1990');
  });

  it('resets the fields on 뒤로 가기 to the placeholders, 남성 and 공개 (spec §4)', async () => {
    const { close } = renderForm();
    fireEvent.change(await screen.findByLabelText('닉네임'), { target: { value: '바뀐닉네임' } });
    fireEvent.click(screen.getByRole('radio', { name: '여성' }));
    fireEvent.click(screen.getByRole('radio', { name: '비공개' }));
    fireEvent.click(screen.getByRole('button', { name: '뒤로 가기' }));
    expect(close).toHaveBeenCalledTimes(1);
    // `close` is a mock here: the form is still on screen, showing what it was reset to.
    expect(nickname().value).toBe('');
    expect(nickname().placeholder).toBe('닉네임을 입력해주세요.');
    expect(screen.getByLabelText<HTMLSelectElement>('출생년도').value).toBe('----');
    expect(screen.getByLabelText<HTMLInputElement>('이메일').value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '남성' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '공개' }).checked).toBe(true);
  });

  it('puts the previous nickname back when 12 or more characters lose focus', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('닉네임'), { target: { value: '새닉네임' } });
    fireEvent.blur(nickname());
    fireEvent.change(nickname(), { target: { value: '열두글자가넘는아주긴닉네임' } });
    fireEvent.blur(nickname());
    expect(nickname().value).toBe('새닉네임');
    expect(screen.getByRole('alert').textContent).toBe('12자 이내의 닉네임을 적어주세요.');
  });

  it('asks for a nickname and a birth year before saving', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(await screen.findByLabelText('닉네임'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.getByRole('alert').textContent).toBe('닉네임을 입력해주세요.');
    fireEvent.change(nickname(), { target: { value: '개미' } });
    fireEvent.change(screen.getByLabelText('출생년도'), { target: { value: '----' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.getByRole('alert').textContent).toBe('출생년도를 입력해 주세요.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves with PUT /users/me (and the setting when changed), then refetches the member and closes', async () => {
    const requests: { route: string; body: unknown; auth: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const route = `${request.method} ${new URL(request.url).pathname}`;
        const text = await request.text();
        requests.push({ route, body: text ? JSON.parse(text) : undefined, auth: request.headers.get('Authorization') });
        const body = route.endsWith('/setting') ? { open_favorite_stocks: false } : { user: { ...USER, name: '황소' } };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const { close } = renderForm();
    fireEvent.change(await screen.findByLabelText('닉네임'), { target: { value: '황소' } });
    fireEvent.click(screen.getByRole('radio', { name: '여성' }));
    fireEvent.click(screen.getByRole('radio', { name: '비공개' }));
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(requests.slice(0, 2)).toEqual([
      {
        route: 'PUT /main/api/users/me',
        body: { name: '황소', birth_year: 1990, gender: 2, email: 'ant@example.com' },
        auth: 'Bearer sise-token',
      },
      { route: 'PUT /main/api/users/me/setting', body: { open_favorite_stocks: false }, auth: 'Bearer sise-token' },
    ]);
    // The invalidated member is asked again.
    await waitFor(() => expect(requests.map((request) => request.route)).toContain('GET /main/api/users/me'));
  });

  it('shows the server’s message, and brings the saved nickname back on code -1', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'nickname_taken', message: '이미 사용 중인 닉네임입니다.', code: -1 }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const { close } = renderForm();
    fireEvent.change(await screen.findByLabelText('닉네임'), { target: { value: '운영자' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.getByTestId('alerts').textContent).toBe('이미 사용 중인 닉네임입니다.'));
    expect(nickname().value).toBe('개미');
    expect(close).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'image_too_many_pixels', '사진의 해상도가 너무 큽니다. (최대 1600만 화소)'],
    [503, 'image_busy', '사진을 처리하는 요청이 많습니다. 잠시 후 다시 시도해주세요.'],
  ])('shows the server’s message when a photo is refused (%i %s)', async (status, error, message) => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error, message }), {
          status,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderForm();
    await screen.findByLabelText('닉네임');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['png'], 'huge.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('alerts').textContent).toBe(message));
    const request = (fetchMock.mock.calls as unknown as [Request][])[0]?.[0];
    expect(request?.url).toMatch(/\/api\/users\/me\/avatar$/);
    expect(request?.method).toBe('POST');
    // The photo did not change.
    expect(screen.queryByAltText('프로필 사진')).toBeNull();
  });
});
