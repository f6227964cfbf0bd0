// A visitor who taps a heart signs in first; the picker opens again once back on the page.
import { storage } from '@/features/identity/login-store';

const KEY = 'sise.favorites.reopen-picker';

export function rememberPicker(securityId: string): void {
  try {
    storage('sessionStorage')?.setItem(KEY, securityId);
  } catch {
    // Storage disabled: the member taps again after the login.
  }
}

/** Whether the picker of `securityId` was waiting for the login (and forgets it). */
export function takeRememberedPicker(securityId: string): boolean {
  try {
    const session = storage('sessionStorage');
    if (session?.getItem(KEY) !== securityId) return false;
    session.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}
