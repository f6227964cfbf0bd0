// What other features call to sign the member in first and come back (favorites, comments,
// reactions; spec §6 "Write, like and favorite actions force login first"). Small and in the
// shell; the login code itself arrives when it is used.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { useHydrated } from '@/lib/use-hydrated';

import { useLogin } from './use-login';

/** Starts the messenger login; once signed in the browser comes back to `returnTo` (default: here). */
export function login(returnTo: string = window.location.pathname + window.location.search): void {
  void import('./oauth').then(({ startKakaoLogin }) => startKakaoLogin(returnTo));
}

/**
 * For screens only members see (/m/settings): a visitor is sent to the login and brought back
 * here. Returns whether the member is signed in (render nothing until then).
 */
export function useRequireLogin(): boolean {
  const { isAuthenticated } = useLogin();
  const hydrated = useHydrated();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  useEffect(() => {
    if (hydrated && !isAuthenticated) login(returnTo);
  }, [hydrated, isAuthenticated, returnTo]);
  return isAuthenticated;
}
