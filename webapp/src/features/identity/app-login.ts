// Signing in inside the native app (docs/app-bridge.md, "Sign-in"): the app gives the page the
// member's messenger token (the bridge's token call, or its token event), and the page opens a
// session with it through POST /api/session/activate, the same login flow as the browser's
// after the messenger's redirect (login-flow.ts). Sign-up is the app's (spec §1): a member the
// server does not know is sent to the app's own terms screen (the bridge's terms agreement),
// which sends a new token once signed up. Dormancy and refusals are the browser's modals.
// A session token the API refuses (401) is renewed the same way, with a fresh token from the
// app (appApiAuth, the API client's auth inside an app).
import { openModalAndWait } from '@/components/modals/open-modal-and-wait';
import type { ApiAuth } from '@/lib/api';
import { getAppBridge, type AppBridge } from '@/lib/app-bridge/bridge';
import { AppBridgeError } from '@/lib/app-bridge/errors';

import { activateSession } from './api';
import { runLoginFlow, type LoginFlowUi, type LoginOutcome } from './login-flow';
import { modalLoginFlowUi } from './login-flow-ui';
import { getAccessToken, identityApiAuth } from './login-store';

/** The key of the app's terms screen that signs a member up. */
export const APP_SIGNUP_TERMS_KEY = 'signup';

export const appLoginFlowUi: LoginFlowUi = {
  agreeTerms: async () => {
    await getAppBridge().agreeTerms(APP_SIGNUP_TERMS_KEY, window.location.href);
    // Not agreed here: the app signs the member up and sends a new token (token event).
    return null;
  },
  releaseDormant: modalLoginFlowUi.releaseDormant,
  alert: (message) => openModalAndWait({ type: 'alert', props: { message } }),
};

/** The flow in flight per token: the start-up's call and the app's event may bring the same one. */
const inFlight = new Map<string, Promise<LoginOutcome>>();

/** Opens a session with the app's messenger token; an empty token is refused (spec §5). */
export function loginWithAppToken(token: string | null | undefined, ui: LoginFlowUi = appLoginFlowUi): Promise<LoginOutcome> {
  if (typeof token !== 'string' || token.trim() === '') {
    return Promise.reject(new AppBridgeError('bridge_empty_token', { call: 'token' }));
  }
  let flow = inFlight.get(token);
  if (!flow) {
    flow = runLoginFlow(token, ui, activateSession).finally(() => inFlight.delete(token));
    inFlight.set(token, flow);
  }
  return flow;
}

/**
 * The page's 로그인 inside the app (login.ts): asks the app for a fresh token (the app may show
 * its own login first, or another account) and hands it to the app's `token` event, so that it
 * signs in through the same step as a token the app sends unasked (app/app-bridge/
 * event-handlers.ts, which also settles the page's data for the member: member-cache.ts).
 */
export async function startLoginInApp(bridge: Pick<AppBridge, 'getToken' | 'emit'> = getAppBridge()): Promise<void> {
  const token = await bridge.getToken({ refresh: true });
  if (token !== null) bridge.emit('token', { token });
}

/**
 * Asks the app for the member's token (`refresh`: a fresh one, signing in there if need be) and
 * signs in with it. The caller settles the page's data (member-cache.ts).
 */
export async function loginInApp({ refresh }: { refresh: boolean }): Promise<LoginOutcome | null> {
  const token = await getAppBridge().getToken({ refresh });
  return token === null ? null : loginWithAppToken(token);
}

/** The renewal in flight: every request refused meanwhile waits for the same one. */
let renewing: Promise<string | null> | null = null;

/**
 * A session token for the requests refused with `rejected` (401): the app is asked for a fresh
 * messenger token (`getToken` with `refresh`) and a session is opened with it. Resolves with the
 * new session token, or null when there is none (the request then goes once unsigned).
 */
export function renewInApp(rejected: string, bridge: Pick<AppBridge, 'getToken'> = getAppBridge()): Promise<string | null> {
  const current = getAccessToken();
  // Renewed already by another refused request.
  if (current !== null && current !== rejected) return Promise.resolve(current);
  renewing ??= (async () => {
    const token = await bridge.getToken({ refresh: true });
    if (token === null) return null;
    const outcome = await loginWithAppToken(token);
    return outcome.status === 'logged_in' ? getAccessToken() : null;
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

/** The API client's auth inside an app (app/app-bridge/start.ts): the browser's, with renewal. */
export const appApiAuth: ApiAuth = { ...identityApiAuth, renew: (rejected) => renewInApp(rejected) };
