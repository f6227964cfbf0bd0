// The membership calls (docs/api.md, "Membership") and their types, written by
// hand because the generated schema.d.ts does not hold these routes yet. Everything about
// their shapes is in this one file: once the gateway's OpenAPI document has them, swap these
// types for aliases of the generated ones (and the calls for `mainApi.GET`/… typed calls).
import { kakaoConfig } from '@/config/kakao';
import { ApiError, mainApi } from '@/lib/api';
import { avatarSrc as photoSrc } from '@/lib/avatar';

/** spec §3 User. `gender`: 1 male, 2 female, null (or 0) unset. */
export type User = {
  id: number;
  name: string;
  birth_year: number | null;
  gender: 1 | 2 | 0 | null;
  email: string | null;
  avatar_url: string | null;
  open_favorite_stocks: boolean;
  is_edited_user_name: boolean;
};

/**
 * The address of a member's photo (lib/avatar.ts); `size` picks the stored square (96 or
 * 240 px).
 */
export function avatarSrc(avatarUrl: string, size: 96 | 240 = 240): string {
  return photoSrc(avatarUrl, size);
}

export type SessionResponse = { access_token: string; expires_in: number; user: User };

/** The three terms a web sign-up agrees to (the all box is not sent). */
export type Agreements = { service_age: true; service: true; private_collect: true };

export type UserResponse = { user: User };

/** PUT /users/me. An empty e-mail box is sent as null (the e-mail is not required, spec §5). */
export type ProfileUpdate = {
  name: string;
  birth_year: number;
  gender: 1 | 2;
  email: string | null;
};

export type UserSetting = { open_favorite_stocks: boolean };

/** 401 `dormant_user` on session create carries these. */
export type DormantError = { error: 'dormant_user'; message: string; code: 1000; release_token: string };

/** `code` of a dormant account's refusal. */
export const DORMANT_CODE = 1000;
/** `code` of a refused nickname on profile save: the old nickname comes back. */
export const NICKNAME_REFUSED_CODE = -1;

/** The `release_token` of a dormant account's refusal, or null for any other error. */
export function dormantReleaseToken(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 401 || error.body.code !== DORMANT_CODE) return null;
  const token = error.body.release_token;
  return typeof token === 'string' ? token : null;
}

// ---- main host ---------------------------------------------------------------------------

/** POST /main/api/session: 200, or 404 user_not_found, 403 signup_in_app / user_suspended, 401 dormant (code 1000). */
export function createSession(kakaoAccessToken: string): Promise<SessionResponse> {
  return mainApi.request('/api/session', { method: 'POST', json: { kakao_access_token: kakaoAccessToken } });
}

/**
 * POST /main/api/session/activate: the same session step with the messenger token the app gave
 * the page through the bridge (docs/app-bridge.md, "Sign-in"); the same answers.
 */
export function activateSession(appToken: string): Promise<SessionResponse> {
  return mainApi.request('/api/session/activate', { method: 'POST', json: { token: appToken } });
}

/** DELETE /main/api/session → 204. */
export function deleteSession(): Promise<void> {
  return mainApi.request('/api/session', { method: 'DELETE' });
}

/** POST /main/api/users → 201 { user }. */
export function createUser(kakaoAccessToken: string, agreements: Agreements): Promise<UserResponse> {
  return mainApi.request('/api/users', {
    method: 'POST',
    json: { kakao_access_token: kakaoAccessToken, agreements },
  });
}

/** POST /main/api/users/dormancy/release → { message: 휴면 상태가 해제되었습니다. }. */
export function releaseDormancy(releaseToken: string): Promise<{ message: string }> {
  return mainApi.request('/api/users/dormancy/release', { method: 'POST', json: { release_token: releaseToken } });
}

export function getMe(signal?: AbortSignal): Promise<UserResponse> {
  return mainApi.request('/api/users/me', { signal });
}

/** PUT /main/api/users/me; a refused nickname is 400 with `code: -1`. */
export function updateMe(update: ProfileUpdate): Promise<UserResponse> {
  return mainApi.request('/api/users/me', { method: 'PUT', json: update });
}

/** DELETE /main/api/users/me → 204 (secession). */
export function deleteMe(): Promise<void> {
  return mainApi.request('/api/users/me', { method: 'DELETE' });
}

export function getSetting(signal?: AbortSignal): Promise<UserSetting> {
  return mainApi.request('/api/users/me/setting', { signal });
}

export function updateSetting(setting: UserSetting): Promise<UserSetting> {
  return mainApi.request('/api/users/me/setting', { method: 'PUT', json: setting });
}

/** POST /main/api/users/me/avatar, multipart `access_token` and `file` (5 MB at most). */
export function uploadAvatar(accessToken: string, file: File): Promise<UserResponse> {
  const form = new FormData();
  form.append('access_token', accessToken);
  form.append('file', file);
  return mainApi.request('/api/users/me/avatar', { method: 'POST', form });
}

// ---- messenger (Kakao Login REST protocol) -----------------------------------------------

export type KakaoToken = {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  refresh_token_expires_in: number;
};

/** Shown when the messenger itself fails (its own error bodies are not for users). */
export const KAKAO_FAILED_MESSAGE = '카카오 로그인에 실패했습니다. 잠시 후 다시 시도해 주세요.';

/**
 * POST {auth}/oauth/token, form-encoded: the authorization code for the messenger's token, with
 * the PKCE verifier of the login that asked for it (null when it went without PKCE).
 */
export async function exchangeKakaoCode(code: string, redirectUri: string, verifier: string | null): Promise<KakaoToken> {
  const { authBase, appKey } = kakaoConfig();
  const body = new URLSearchParams({ grant_type: 'authorization_code', client_id: appKey, redirect_uri: redirectUri, code });
  if (verifier) body.set('code_verifier', verifier);
  let response: Response;
  try {
    response = await fetch(`${authBase}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body,
    });
  } catch (cause) {
    throw ApiError.network(cause);
  }
  const token = (await response.json().catch(() => null)) as Partial<KakaoToken> | null;
  if (!response.ok || typeof token?.access_token !== 'string') {
    throw new ApiError(response.status, { error: 'kakao_token_failed', message: KAKAO_FAILED_MESSAGE });
  }
  return token as KakaoToken;
}

/** POST {api}/v1/user/logout with the messenger's token; its failure does not matter (resolves anyway). */
export async function kakaoLogout(kakaoAccessToken: string): Promise<void> {
  try {
    await fetch(`${kakaoConfig().apiBase}/v1/user/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${kakaoAccessToken}` },
    });
  } catch {
    // Ignored (docs/api.md): the page reloads signed out of Sise either way.
  }
}
