// The login for components, kept up to date (login-store.ts holds it); not in the shell.
import { useSyncExternalStore } from 'react';

import { ANONYMOUS, LOGIN_STORAGE_KEY, getLogin, onLoginChange, reloadLogin, type Login } from './login-store';

function subscribe(listener: () => void): () => void {
  const unsubscribe = onLoginChange(listener);
  // Another tab signed in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOGIN_STORAGE_KEY || event.key === null) reloadLogin();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** The login; anonymous on the server and while hydrating (no prerendered page knows it). */
export function useLogin(): Login {
  return useSyncExternalStore(subscribe, () => getLogin(), () => ANONYMOUS);
}
