// The login (spec §3 Login: isAuthenticated, accessToken, expiresAt), kept in localStorage with
// its expiry so a reload stays signed in; an expired one is dropped when read (spec §4). Shared
// by every component through useLogin (use-login.ts). It is in the shell: the API client asks
// it for the token on every call.
export type Login = { isAuthenticated: boolean; accessToken: string | null; expiresAt: number | null };

export const LOGIN_STORAGE_KEY = 'sise.login.v1';

export const ANONYMOUS: Login = { isAuthenticated: false, accessToken: null, expiresAt: null };

export function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

/** The login stored in `raw`, or anonymous when unreadable or expired at `now`. */
export function parseLogin(raw: string | null, now: number): Login {
  if (!raw) return ANONYMOUS;
  try {
    const { accessToken, expiresAt } = JSON.parse(raw) as Partial<Login>;
    if (typeof accessToken === 'string' && accessToken && typeof expiresAt === 'number' && expiresAt > now) {
      return { isAuthenticated: true, accessToken, expiresAt };
    }
  } catch {
    // Another format or a broken value: treated as signed out, and written over at the next login.
  }
  return ANONYMOUS;
}

let current: Login | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function write(login: Login, silent = false): void {
  current = login;
  try {
    const local = storage('localStorage');
    if (login.isAuthenticated) local?.setItem(LOGIN_STORAGE_KEY, JSON.stringify(login));
    else local?.removeItem(LOGIN_STORAGE_KEY);
  } catch {
    // Storage full or disabled: the login lives in memory for this page.
  }
  if (!silent) notify();
}

/** The login now; an expired one is dropped on the way (and its storage cleared). */
export function getLogin(now = Date.now()): Login {
  if (current === null) {
    const raw = storage('localStorage')?.getItem(LOGIN_STORAGE_KEY) ?? null;
    current = parseLogin(raw, now);
    // Expired or unreadable: dropped from storage too (spec §4).
    if (raw !== null && !current.isAuthenticated) write(ANONYMOUS, true);
  }
  if (current.expiresAt !== null && current.expiresAt <= now) {
    // Read while rendering too: tell the others after this render, not during it.
    write(ANONYMOUS, true);
    queueMicrotask(notify);
  }
  return current;
}

/** A token was received: signed in until `expiresIn` seconds from now (spec §4). */
export function setLogin(accessToken: string, expiresIn: number, now = Date.now()): void {
  write({ isAuthenticated: true, accessToken, expiresAt: now + expiresIn * 1000 });
}

/** Logout, secession or a refused token. */
export function clearLogin(): void {
  if (getLogin().isAuthenticated) write(ANONYMOUS);
}

export function getAccessToken(): string | null {
  return getLogin().accessToken;
}

/** Forgets what was read, so the next read comes from storage (another tab changed it; tests). */
export function reloadLogin(): void {
  current = null;
  notify();
}

/** Calls `listener` on every change of the login; returns the unsubscribe. */
export function onLoginChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * How the API client signs requests (lib/api configureApiAuth): a refused token drops the login
 * (spec §4), unless the login has moved on to another token meanwhile (a renewed one).
 */
export const identityApiAuth = {
  getAccessToken,
  onUnauthorized: (rejected: string) => {
    if (getAccessToken() === rejected) clearLogin();
  },
};
