// What other features call to sign the member in first and come back (favorites, comments,
// reactions; spec §6 "Write, like and favorite actions force login first"). Not in the shell:
// the header's entry and the screens that use it are lazy chunks.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { currentAppType } from '@/lib/app-bridge/app-type';
import { useHydrated } from '@/lib/use-hydrated';

import { startKakaoLogin } from './oauth';
import { useLogin } from './use-login';

/**
 * Starts the messenger login; once signed in the browser comes back to `returnTo` (default:
 * here). Inside the app the app is asked for a fresh token instead, which signs in as the app's
 * token event does, and the member stays on the page (app-login.ts).
 */
export function login(returnTo: string = window.location.pathname + window.location.search): void {
  if (currentAppType()) {
    void import('./app-login')
      .then(({ startLoginInApp }) => startLoginInApp())
      .catch((error: unknown) => console.warn('app bridge:', error));
    return;
  }
  void startKakaoLogin(returnTo);
}

/**
 * The navigation state of the page a failed or cancelled login returns to (kakao-callback.tsx):
 * a members-only screen then shows its sign-in prompt instead of starting the login again.
 */
export const LOGIN_FAILED_STATE = { loginFailed: true } as const;

/** Whether the page was reached by a failed or cancelled login (`location.state`). */
export function isLoginFailedState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { loginFailed?: unknown }).loginFailed === true;
}

/**
 * For screens only members see (/m/settings, 관심종목): a visitor is sent to the login and
 * brought back here. Only a visit that starts signed out is sent: a login that ends on the
 * screen (logout, secession, a refused token) is on its way elsewhere, and a return from a
 * failed or cancelled login stays (the caller's sign-in prompt starts another). Returns whether
 * the member is signed in (render nothing of the member's until then).
 */
export function useRequireLogin(): boolean {
  const { isAuthenticated } = useLogin();
  const hydrated = useHydrated();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const loginFailed = isLoginFailedState(location.state);
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (isAuthenticated) wasSignedIn.current = true;
    else if (hydrated && !wasSignedIn.current && !loginFailed) login(returnTo);
  }, [hydrated, isAuthenticated, loginFailed, returnTo]);
  return isAuthenticated;
}
