// What a visitor tried to do (react, comment, report) before being sent to the login: kept in
// this tab's sessionStorage with the page it was started on, and done once the member is back
// on that page signed in (spec §4 "Login is required, otherwise login first"; the favorites
// heart brings its picker back the same way). Older than ten minutes, it is dropped: a login
// abandoned then finished much later should not act on its own.
import type { ReactionButton } from './reactions';
import type { Commentable, ReportedType } from '../types';

export type PendingAction =
  | { kind: 'react'; on: Commentable; button: ReactionButton }
  | { kind: 'comment'; on: Commentable; parentId: number | null; content: string }
  | { kind: 'report'; type: ReportedType; id: number };

type Stored = { action: PendingAction; path: string; at: number };

export const PENDING_ACTION_STORAGE_KEY = 'sise.social.pending-action';
export const PENDING_ACTION_MAX_AGE_MS = 10 * 60_000;

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberAction(action: PendingAction, path: string, now: number = Date.now()): void {
  try {
    session()?.setItem(PENDING_ACTION_STORAGE_KEY, JSON.stringify({ action, path, at: now } satisfies Stored));
  } catch {
    // Storage full or disabled: the member acts again after the login.
  }
}

function read(): Stored | null {
  try {
    const text = session()?.getItem(PENDING_ACTION_STORAGE_KEY);
    return text ? (JSON.parse(text) as Stored) : null;
  } catch {
    return null;
  }
}

export function forgetAction(): void {
  try {
    session()?.removeItem(PENDING_ACTION_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * The action waiting on `path` that `matches` accepts, taken (forgotten) so it runs once; null
 * when there is none, it was started elsewhere or too long ago (then it is forgotten too).
 */
export function takeAction(
  path: string,
  matches: (action: PendingAction) => boolean,
  now: number = Date.now(),
): PendingAction | null {
  const stored = read();
  if (!stored) return null;
  if (now - stored.at > PENDING_ACTION_MAX_AGE_MS) {
    forgetAction();
    return null;
  }
  if (stored.path !== path || !matches(stored.action)) return null;
  forgetAction();
  return stored.action;
}
