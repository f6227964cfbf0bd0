// The browser's messenger login (docs/api.md, "Membership"): off to the provider's authorize
// page with a random `state` and a PKCE challenge (RFC 7636, S256), kept in sessionStorage
// with the code verifier and the path to come back to; back at /m/oauth/kakao, the state is
// checked (and spent) before the code is exchanged with the verifier, so a code caught on
// the way back (a leaked redirect, another app on the device) is worth nothing without it.
import { kakaoConfig } from '@/config/kakao';
import { paths } from '@/config/paths';

import { storage } from './login-store';

export const OAUTH_STATE_STORAGE_KEY = 'sise.oauth-state';

type PendingLogin = { state: string; returnTo: string; verifier?: string };

export type LoginOptions = {
  /** Ask the provider to sign the member in again rather than reuse its session (`prompt=login`). */
  reauthenticate?: boolean;
};

/** Where the provider sends the browser back to. */
export function redirectUri(origin = window.location.origin): string {
  return `${origin}${paths.oauthKakao.getHref()}`;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A PKCE code verifier: 32 random bytes, base64url (43 characters, RFC 7636 §4.1). */
export function codeVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)) (RFC 7636 §4.2). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A path of this app, never another site (an open redirect). */
export function safeReturnPath(returnTo: string | null | undefined): string {
  return returnTo?.startsWith('/m') && !returnTo.startsWith('//') ? returnTo : paths.home.getHref();
}

export function authorizeUrl(state: string, challenge: string | null, options: LoginOptions = {}): string {
  const { authBase, appKey } = kakaoConfig();
  const query = new URLSearchParams({ client_id: appKey, redirect_uri: redirectUri(), response_type: 'code', state });
  if (challenge) {
    query.set('code_challenge', challenge);
    query.set('code_challenge_method', 'S256');
  }
  if (options.reauthenticate) query.set('prompt', 'login');
  return `${authBase}/oauth/authorize?${query.toString()}`;
}

/**
 * Leaves for the provider's login; the member comes back to `returnTo` once signed in. Without
 * WebCrypto's digest (a page on plain HTTP other than localhost) the login goes without PKCE:
 * the provider checks a verifier only when a challenge was sent.
 */
export async function startKakaoLogin(returnTo: string, options: LoginOptions = {}): Promise<void> {
  const state = randomState();
  const verifier = typeof crypto.subtle?.digest === 'function' ? codeVerifier() : undefined;
  const challenge = verifier ? await codeChallenge(verifier) : null;
  const pending: PendingLogin = { state, returnTo: safeReturnPath(returnTo), verifier };
  storage('sessionStorage')?.setItem(OAUTH_STATE_STORAGE_KEY, JSON.stringify(pending));
  window.location.assign(authorizeUrl(state, challenge, options));
}

export type OAuthCallback =
  | { kind: 'code'; code: string; verifier: string | null; returnTo: string }
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
  const verifier = typeof pending.verifier === 'string' ? pending.verifier : null;
  return { kind: 'code', code, verifier, returnTo };
}
