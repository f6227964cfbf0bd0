import { afterEach, describe, expect, it, vi } from 'vitest';

import { runLoginFlow, type LoginFlowUi } from './login-flow';
import { clearLogin, getLogin } from './login-store';

const USER = {
  id: 7,
  name: '개미',
  birth_year: null,
  gender: null,
  email: null,
  avatar_url: null,
  open_favorite_stocks: true,
  is_edited_user_name: false,
};
const SESSION = { access_token: 'sise-token', expires_in: 3600, user: USER };

type Answer = { status: number; body?: unknown };

/** Answers each call to `METHOD /path` with the next of its answers (the last one repeats). */
function stubServer(answers: Record<string, Answer[]>) {
  const calls: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const route = `${request.method} ${new URL(request.url).pathname}`;
      const text = await request.text();
      calls.push({ route, body: text ? JSON.parse(text) : undefined });
      const queue = answers[route] ?? [{ status: 404, body: { error: 'not_found', message: '없음' } }];
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function stubUi(overrides: Partial<LoginFlowUi> = {}) {
  return {
    agreeTerms: vi.fn(() => Promise.resolve({ service_age: true, service: true, private_collect: true } as const)),
    releaseDormant: vi.fn(() => Promise.resolve('released' as const)),
    alert: vi.fn(() => Promise.resolve()),
    ...overrides,
  } satisfies LoginFlowUi;
}

const SESSION_ROUTE = 'POST /main/api/session';

afterEach(() => clearLogin());

describe('runLoginFlow', () => {
  it('200: signed in with the token and its expiry', async () => {
    const calls = stubServer({ [SESSION_ROUTE]: [{ status: 200, body: SESSION }] });
    const ui = stubUi();
    const before = Date.now();
    const outcome = await runLoginFlow('kakao-token', ui);
    expect(outcome).toEqual({ status: 'logged_in', user: USER, signedUp: false });
    expect(calls).toEqual([{ route: SESSION_ROUTE, body: { kakao_access_token: 'kakao-token' } }]);
    const login = getLogin();
    expect(login.accessToken).toBe('sise-token');
    expect(login.expiresAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(ui.alert).not.toHaveBeenCalled();
  });

  it('404 user_not_found: agreeTerms, sign-up, the session again, and signedUp for the profile', async () => {
    const calls = stubServer({
      [SESSION_ROUTE]: [
        { status: 404, body: { error: 'user_not_found', message: '회원이 아닙니다.' } },
        { status: 200, body: SESSION },
      ],
      'POST /main/api/users': [{ status: 201, body: { user: USER } }],
    });
    const ui = stubUi();
    const outcome = await runLoginFlow('kakao-token', ui);
    expect(outcome).toMatchObject({ status: 'logged_in', signedUp: true });
    expect(ui.agreeTerms).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.route)).toEqual([SESSION_ROUTE, 'POST /main/api/users', SESSION_ROUTE]);
    expect(calls[1]?.body).toEqual({
      kakao_access_token: 'kakao-token',
      agreements: { service_age: true, service: true, private_collect: true },
    });
  });

  it('404 then the terms closed: cancelled, nothing created', async () => {
    const calls = stubServer({
      [SESSION_ROUTE]: [{ status: 404, body: { error: 'user_not_found', message: '회원이 아닙니다.' } }],
    });
    const outcome = await runLoginFlow('k', stubUi({ agreeTerms: () => Promise.resolve(null) }));
    expect(outcome).toEqual({ status: 'cancelled' });
    expect(calls).toHaveLength(1);
    expect(getLogin().isAuthenticated).toBe(false);
  });

  it('403 signup_in_app: the server’s message in an alert', async () => {
    stubServer({
      [SESSION_ROUTE]: [
        { status: 403, body: { error: 'signup_in_app', message: '회원가입은 증권플러스 앱에서 진행해주세요.' } },
      ],
    });
    const ui = stubUi();
    const outcome = await runLoginFlow('k', ui);
    expect(outcome).toMatchObject({ status: 'failed', error: { status: 403, error: 'signup_in_app' } });
    expect(ui.alert).toHaveBeenCalledWith('회원가입은 증권플러스 앱에서 진행해주세요.');
    expect(ui.agreeTerms).not.toHaveBeenCalled();
  });

  it('sign-up refused (403 signup_in_app on POST /users): the message, no second session call', async () => {
    const calls = stubServer({
      [SESSION_ROUTE]: [{ status: 404, body: { error: 'user_not_found', message: '회원이 아닙니다.' } }],
      'POST /main/api/users': [
        { status: 403, body: { error: 'signup_in_app', message: '회원가입은 증권플러스 앱에서 진행해주세요.' } },
      ],
    });
    const ui = stubUi();
    expect(await runLoginFlow('k', ui)).toMatchObject({ status: 'failed' });
    expect(ui.alert).toHaveBeenCalledWith('회원가입은 증권플러스 앱에서 진행해주세요.');
    expect(calls).toHaveLength(2);
  });

  it('401 code 1000: releaseDormant with the release token, then the session again', async () => {
    const calls = stubServer({
      [SESSION_ROUTE]: [
        {
          status: 401,
          body: { error: 'dormant_user', message: '휴면 계정입니다.', code: 1000, release_token: 'release-me' },
        },
        { status: 200, body: SESSION },
      ],
    });
    const ui = stubUi();
    const outcome = await runLoginFlow('k', ui);
    expect(ui.releaseDormant).toHaveBeenCalledWith('release-me');
    expect(outcome).toMatchObject({ status: 'logged_in', signedUp: false });
    expect(calls).toHaveLength(2);
  });

  it('401 code 1000 and another account chosen: other_account (the caller logs in again)', async () => {
    stubServer({
      [SESSION_ROUTE]: [
        { status: 401, body: { error: 'dormant_user', message: '휴면', code: 1000, release_token: 'r' } },
      ],
    });
    const outcome = await runLoginFlow('k', stubUi({ releaseDormant: () => Promise.resolve('other_account') }));
    expect(outcome).toEqual({ status: 'other_account' });
  });

  it('403 user_suspended: the server’s message in an alert', async () => {
    stubServer({
      [SESSION_ROUTE]: [
        {
          status: 403,
          body: {
            error: 'user_suspended',
            message: '2026-12-24까지 로그인이 제한된 계정입니다.',
            suspended_until: '2026-12-24',
          },
        },
      ],
    });
    const ui = stubUi();
    expect(await runLoginFlow('k', ui)).toMatchObject({ status: 'failed', error: { error: 'user_suspended' } });
    expect(ui.alert).toHaveBeenCalledWith('2026-12-24까지 로그인이 제한된 계정입니다.');
  });

  it('any other error (401 invalid_kakao_token): its message', async () => {
    stubServer({
      [SESSION_ROUTE]: [{ status: 401, body: { error: 'invalid_kakao_token', message: '카카오 인증에 실패했습니다.' } }],
    });
    const ui = stubUi();
    expect(await runLoginFlow('k', ui)).toMatchObject({ status: 'failed' });
    expect(ui.releaseDormant).not.toHaveBeenCalled();
    expect(ui.alert).toHaveBeenCalledWith('카카오 인증에 실패했습니다.');
  });
});
