// Who is reading the community, as its components need to know: whether a member is signed in,
// and how to send a visitor to the login. The app provides it (app/social/social-viewer.tsx,
// from the identity feature); a visitor's action is remembered and done on the way back
// (utils/pending-action.ts).
import { createContext, use, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { rememberAction, takeAction, type PendingAction } from './utils/pending-action';

export type SocialViewer = {
  signedIn: boolean;
  /** Sends a visitor to the login; they come back to this page. */
  login: () => void;
};

const VISITOR: SocialViewer = { signedIn: false, login: () => undefined };

export const SocialViewerContext = createContext<SocialViewer>(VISITOR);

export function useSocialViewer(): SocialViewer {
  return use(SocialViewerContext);
}

/**
 * Runs `run(action)` for a member; a visitor is sent to the login first, with the action kept
 * to be done on the way back (usePendingAction). Returns whether it ran now.
 */
export function useMemberAction(): (action: PendingAction, run: () => void) => boolean {
  const viewer = useSocialViewer();
  const { pathname } = useLocation();
  return (action, run) => {
    if (viewer.signedIn) {
      run();
      return true;
    }
    rememberAction(action, pathname);
    viewer.login();
    return false;
  };
}

/**
 * Does, once signed in, the action a visitor started on this page before the login, if
 * `matches` says it is this component's.
 */
export function usePendingAction(matches: (action: PendingAction) => boolean, run: (action: PendingAction) => void): void {
  const { signedIn } = useSocialViewer();
  const { pathname } = useLocation();
  const latest = useRef({ matches, run });
  useEffect(() => {
    latest.current = { matches, run };
  });
  useEffect(() => {
    if (!signedIn) return;
    const action = takeAction(pathname, (candidate) => latest.current.matches(candidate));
    if (action) latest.current.run(action);
  }, [signedIn, pathname]);
}
