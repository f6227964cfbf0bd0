// The messenger's own access token, kept apart from the login in sessionStorage: only the
// messenger logout needs it, and it should not outlive the tab.
import { storage } from './login-store';

export const KAKAO_TOKEN_STORAGE_KEY = 'sise.kakao-token';

export function getKakaoToken(): string | null {
  return storage('sessionStorage')?.getItem(KAKAO_TOKEN_STORAGE_KEY) ?? null;
}

export function setKakaoToken(token: string | null): void {
  const session = storage('sessionStorage');
  if (token) session?.setItem(KAKAO_TOKEN_STORAGE_KEY, token);
  else session?.removeItem(KAKAO_TOKEN_STORAGE_KEY);
}
