// The login for components, kept up to date (login-store.ts holds it); not in the shell.
import { useSyncExternalStore } from 'react';

import { ANONYMOUS, LOGIN_STORAGE_KEY, getLogin, onLoginChange, reloadLogin, type Login } from './login-store';

// Another tab signed in or out (key null: it cleared the whole storage). One listener for the
// page, there while any component follows the login: reloadLogin tells them all.
function onStorage(event: StorageEvent): void {
  if (event.key === LOGIN_STORAGE_KEY || event.key === null) reloadLogin();
}

let subscribers = 0;

function subscribe(listener: () => void): () => void {
  const unsubscribe = onLoginChange(listener);
  if (subscribers++ === 0) window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    if (--subscribers === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The login; anonymous on the server and while hydrating (no prerendered page knows it). */
export function useLogin(): Login {
  return useSyncExternalStore(subscribe, () => getLogin(), () => ANONYMOUS);
}
