// The browser's messenger login (docs/api.md, "Membership"): off to the provider's authorize
// page with a random `state`, kept in sessionStorage with the path to come back to; back at
// /m/oauth/kakao, the state is checked (and spent) before the code is exchanged.
import { kakaoConfig } from '@/config/kakao';
import { paths } from '@/config/paths';

import { storage } from './login-store';

export const OAUTH_STATE_STORAGE_KEY = 'sise.oauth-state';

type PendingLogin = { state: string; returnTo: string };

/** Where the provider sends the browser back to. */
export function redirectUri(origin = window.location.origin): string {
  return `${origin}${paths.oauthKakao.getHref()}`;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A path of this app, never another site (an open redirect). */
export function safeReturnPath(returnTo: string | null | undefined): string {
  return returnTo?.startsWith('/m') && !returnTo.startsWith('//') ? returnTo : paths.home.getHref();
}

export function authorizeUrl(state: string): string {
  const { authBase, appKey } = kakaoConfig();
  const query = new URLSearchParams({ client_id: appKey, redirect_uri: redirectUri(), response_type: 'code', state });
  return `${authBase}/oauth/authorize?${query.toString()}`;
}

/** Leaves for the provider's login; the member comes back to `returnTo` once signed in. */
export function startKakaoLogin(returnTo: string): void {
  const state = randomState();
  const pending: PendingLogin = { state, returnTo: safeReturnPath(returnTo) };
  storage('sessionStorage')?.setItem(OAUTH_STATE_STORAGE_KEY, JSON.stringify(pending));
  window.location.assign(authorizeUrl(state));
}

export type OAuthCallback =
  | { kind: 'code'; code: string; returnTo: string }
  | { kind: 'denied'; returnTo: string }
  | { kind: 'invalid'; returnTo: string };

/**
 * What the provider's answer in `search` says, checked against the pending login (spent here,
 * so a reload or a replayed address cannot use it again).
 */
export function readOAuthCallback(search: string): OAuthCallback {
  const params = new URLSearchParams(search);
  const session = storage('sessionStorage');
  let pending: Partial<PendingLogin> = {};
  try {
    pending = JSON.parse(session?.getItem(OAUTH_STATE_STORAGE_KEY) ?? '{}') as Partial<PendingLogin>;
  } catch {
    // Unreadable: the state cannot match.
  }
  session?.removeItem(OAUTH_STATE_STORAGE_KEY);
  const returnTo = safeReturnPath(pending.returnTo);
  const state = params.get('state');
  if (!pending.state || state !== pending.state) return { kind: 'invalid', returnTo };
  const code = params.get('code');
  if (params.get('error') || !code) return { kind: 'denied', returnTo };
  return { kind: 'code', code, returnTo };
}
