// Leaving: logout (spec §4: delete the session, then the messenger logout, then a reload) and
// secession (DELETE /users/me, then signed out and home).
import { deleteMe, deleteSession, kakaoLogout } from './api';
import { getKakaoToken, setKakaoToken } from './kakao-token';
import { clearLogin } from './login-store';

/** Messenger logout with the token kept for it; failures are ignored (docs/api.md). */
export async function messengerLogout(): Promise<void> {
  const token = getKakaoToken();
  setKakaoToken(null);
  if (token) await kakaoLogout(token);
}

export async function logout(reload: () => void = () => window.location.reload()): Promise<void> {
  try {
    await deleteSession();
  } catch {
    // A session the server no longer knows is as good as deleted: sign out here regardless.
  }
  clearLogin();
  await messengerLogout();
  reload();
}

/** Rejects with the server's ApiError (shown by the caller); signed out once it succeeded. */
export async function secede(): Promise<void> {
  await deleteMe();
  clearLogin();
  setKakaoToken(null);
}
