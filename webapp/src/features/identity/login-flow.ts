// The session step of the login (spec §4 "Login flow", docs/api.md "Sessions"), once the
// messenger's token is in hand. A state machine over the session call's answers:
//
// - 200: signed in (the token and its expiry are stored);
// - 404 user_not_found: sign-up: agreeTerms → POST /users → the session call again (and the
//   caller opens setProfile);
// - 401 with code 1000 (dormant): releaseDormant with the release token → released: the session
//   call again; or another account: the caller restarts the messenger login;
// - 403 signup_in_app, 403 user_suspended, anything else: the server's message in an alert.
//
// The member's answers come through `LoginFlowUi` (modals in the app, stubs in tests).
import { ApiError } from '@/lib/api';
import { asApiError } from '@/lib/api/as-api-error';

import { createSession, createUser, dormantReleaseToken, type Agreements, type SessionResponse, type User } from './api';
import { setLogin } from './login-store';

export type LoginFlowUi = {
  /** Resolves with the agreements, or null when the member closed the terms. */
  agreeTerms: () => Promise<Agreements | null>;
  /** Resolves once the member released the account, chose another account, or closed. */
  releaseDormant: (releaseToken: string) => Promise<'released' | 'other_account' | 'closed'>;
  /** Shows a message; resolves when it is closed. */
  alert: (message: string) => Promise<void>;
};

export type LoginOutcome =
  | { status: 'logged_in'; user: User; signedUp: boolean }
  | { status: 'other_account' }
  | { status: 'cancelled' }
  | { status: 'failed'; error: ApiError };

/** Session attempts at most: the first, after sign-up, after a release (and one spare). */
const MAX_ATTEMPTS = 4;

/**
 * `openSession` is the session call: POST /api/session in a browser, /api/session/activate with
 * the app's token inside an app (app-login.ts).
 */
export async function runLoginFlow(
  kakaoAccessToken: string,
  ui: LoginFlowUi,
  openSession: (token: string) => Promise<SessionResponse> = createSession,
): Promise<LoginOutcome> {
  let signedUp = false;
  let released = false;
  let lastError: ApiError | null = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    try {
      const session = await openSession(kakaoAccessToken);
      setLogin(session.access_token, session.expires_in);
      return { status: 'logged_in', user: session.user, signedUp };
    } catch (caught) {
      const error = asApiError(caught);
      lastError = error;
      if (error.status === 404 && error.error === 'user_not_found' && !signedUp) {
        const agreements = await ui.agreeTerms();
        if (!agreements) return { status: 'cancelled' };
        try {
          await createUser(kakaoAccessToken, agreements);
        } catch (signupCaught) {
          const signupError = asApiError(signupCaught);
          // Created meanwhile (another tab, a double tap): the session call will find it.
          if (signupError.error !== 'user_exists') {
            await ui.alert(signupError.message);
            return { status: 'failed', error: signupError };
          }
        }
        signedUp = true;
        continue;
      }
      const releaseToken = dormantReleaseToken(error);
      if (releaseToken !== null && !released) {
        const choice = await ui.releaseDormant(releaseToken);
        if (choice === 'other_account') return { status: 'other_account' };
        if (choice === 'closed') return { status: 'cancelled' };
        released = true;
        continue;
      }
      await ui.alert(error.message);
      return { status: 'failed', error };
    }
  }
  // Only when the server keeps answering the same thing after sign-up or release.
  const error = lastError ?? ApiError.network(null);
  await ui.alert(error.message);
  return { status: 'failed', error };
}
