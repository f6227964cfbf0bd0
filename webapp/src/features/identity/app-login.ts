// Signing in inside the native app (docs/app-bridge.md, "Sign-in"): the app gives the page the
// member's messenger token (the bridge's token call, or its token event), and the page opens a
// session with it through POST /api/session/activate, the same login flow as the browser's
// after the messenger's redirect (login-flow.ts). Sign-up is the app's (spec §1): a member the
// server does not know is sent to the app's own terms screen (the bridge's terms agreement),
// which sends a new token once signed up. Dormancy and refusals are the browser's modals.
import { openModalAndWait } from '@/components/modals/open-modal-and-wait';
import { getAppBridge } from '@/lib/app-bridge/bridge';
import { AppBridgeError } from '@/lib/app-bridge/errors';

import { activateSession } from './api';
import { runLoginFlow, type LoginFlowUi, type LoginOutcome } from './login-flow';
import { modalLoginFlowUi } from './login-flow-ui';

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

/** Asks the app for the member's token (`refresh`: a fresh one, signing in there if need be) and signs in with it. */
export async function loginInApp({ refresh }: { refresh: boolean }): Promise<LoginOutcome | null> {
  const token = await getAppBridge().getToken({ refresh });
  return token === null ? null : loginWithAppToken(token);
}
