// Who sends the events (spec §9): the device, by an id in the `sise_aid` cookie that lasts 365
// days (SameSite Lax), and the session, renewed after 30 minutes without events (kept in
// localStorage, so the tabs of one browser share it).

export const DEVICE_COOKIE = 'sise_aid';
/** spec §9: cookie 365 days. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** spec §9: session timeout 1,800,000 ms. */
export const SESSION_TIMEOUT_MS = 1_800_000;
export const SESSION_STORAGE_KEY = 'sise_analytics_session';

/** A random UUID (v4); `crypto.randomUUID` is only there in secure contexts. */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The server takes ids of letters, digits, `-` and `_`, up to 64. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function readCookie(name: string, doc: Document): string | null {
  for (const part of doc.cookie.split('; ')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at) === name) {
      try {
        return decodeURIComponent(part.slice(at + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * This browser's id: the cookie's, or a new one; written again each time, so it lasts 365 days
 * from the last visit.
 */
export function deviceId(doc: Document = document): string {
  const kept = readCookie(DEVICE_COOKIE, doc);
  const id = kept && ID.test(kept) ? kept : uuid();
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${DEVICE_COOKIE}=${id}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  return id;
}

type StoredSession = { id: string; lastEventAt: number };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let memory: StoredSession | null = null;

/**
 * The session of an event at `now`: the current one when its last event is under
 * SESSION_TIMEOUT_MS old, else a new one. Either way `now` becomes its last event's time.
 */
export function sessionIdAt(now: number): string {
  let current = memory;
  try {
    const stored = JSON.parse(storage()?.getItem(SESSION_STORAGE_KEY) ?? 'null') as Partial<StoredSession> | null;
    if (typeof stored?.id === 'string' && ID.test(stored.id) && typeof stored.lastEventAt === 'number') {
      current = { id: stored.id, lastEventAt: stored.lastEventAt };
    }
  } catch {
    // Unreadable: the one in memory, or a new one.
  }
  const id = current && now - current.lastEventAt < SESSION_TIMEOUT_MS ? current.id : uuid();
  memory = { id, lastEventAt: Math.max(now, current?.id === id ? current.lastEventAt : now) };
  try {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage full or disabled: the session lives in memory.
  }
  return id;
}

/** For tests. */
export function resetSession(): void {
  memory = null;
}
