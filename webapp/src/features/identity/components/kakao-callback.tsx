import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { openModalAndWait } from '@/components/modals/open-modal-and-wait';
import { Loading } from '@/components/ui/loading';
import { ApiError } from '@/lib/api';

import '../modals';
import { KAKAO_FAILED_MESSAGE, exchangeKakaoCode } from '../api';
import { setKakaoToken } from '../kakao-token';
import { LOGIN_FAILED_STATE } from '../login';
import { runLoginFlow, type LoginOutcome } from '../login-flow';
import { modalLoginFlowUi } from '../login-flow-ui';
import { changeMember } from '../member-cache';
import { readOAuthCallback, redirectUri, startKakaoLogin } from '../oauth';
import { messengerLogout } from '../session';

/** Shown when the provider's answer does not belong to a login started here. */
export const OAUTH_STATE_MESSAGE = '로그인 요청이 올바르지 않습니다. 다시 시도해 주세요.';

/**
 * /m/oauth/kakao: the messenger sent the browser back. Checks the state, exchanges the code,
 * runs the session step (sign-up, dormancy and refusals in modals over this page), then goes
 * back where the login started; after a sign-up the profile modal opens there. A failed or
 * cancelled login goes back there too, marked `LOGIN_FAILED_STATE`, so a members-only screen
 * shows its sign-in prompt rather than starting the login over (useRequireLogin).
 */
export function KakaoCallback() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  // Once per page: StrictMode runs effects twice, and a code can be spent only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const callback = readOAuthCallback(search);

    /** Whether the member is signed in, or null when the browser leaves for another login. */
    const run = async (): Promise<boolean | null> => {
      if (callback.kind === 'invalid') {
        await openModalAndWait({ type: 'alert', props: { message: OAUTH_STATE_MESSAGE } });
        return false;
      }
      // The member cancelled on the provider's page.
      if (callback.kind === 'denied') return false;
      let kakaoToken: string;
      try {
        kakaoToken = (await exchangeKakaoCode(callback.code, redirectUri(), callback.verifier)).access_token;
      } catch (error) {
        const message = error instanceof ApiError && error.status === 0 ? error.message : KAKAO_FAILED_MESSAGE;
        await openModalAndWait({ type: 'alert', props: { message } });
        return false;
      }
      setKakaoToken(kakaoToken);
      const flow: { outcome?: LoginOutcome } = {};
      // The session's member: what the profile (opened after a sign-up) and the header show;
      // another member's data, if the page held any, are dropped (member-cache.ts).
      await changeMember(queryClient, async () => {
        const outcome = await runLoginFlow(kakaoToken, modalLoginFlowUi);
        flow.outcome = outcome;
        return outcome.status === 'logged_in' ? outcome.user : undefined;
      });
      const { outcome } = flow;
      if (outcome?.status === 'other_account') {
        await messengerLogout();
        await startKakaoLogin(callback.returnTo);
        return null;
      }
      if (outcome?.status !== 'logged_in') return false;
      signedUp = outcome.signedUp;
      return true;
    };

    let signedUp = false;
    void run()
      // Not an answer of the server (those are handled above): leave rather than stay on the spinner.
      .catch((error: unknown) => {
        console.error(error);
        return false;
      })
      .then((signedIn) => {
        if (signedIn === null) return;
        void navigate(callback.returnTo, { replace: true, state: signedIn ? null : LOGIN_FAILED_STATE });
        // After the navigation, so it belongs to the page it opens on (spec §4: sign-up ends in the profile).
        if (signedUp) openModal({ type: 'setProfile', props: { firstTime: true } });
      });
  }, [navigate, queryClient, search]);

  return <Loading />;
}
