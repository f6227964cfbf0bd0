// The query cache when the session's member may change: the one step every sign-in and sign-out
// of the page goes through (the app's token and user events and its login, the browser's login
// callback, secession). The answers under lib/query-keys' MEMBER_QUERY_ROOTS are the member's
// own (reactions, own posts, favorite groups, a contest's entry, the profile): when another
// member signs in, or the member signs out or leaves, they are dropped at once, so that nobody
// sees another's answers while they are read again. A visitor who signs in keeps the screen and
// has everything read again as the member.
import type { QueryClient } from '@tanstack/react-query';

import { isMemberQuery } from '@/lib/query-keys';

import type { User } from './api';
import { getLogin, onLoginChange } from './login-store';
import { userKeys } from './queries';

/** Signed in, as a member the cache has no profile of (a login kept from before this page). */
const SOMEONE = 'someone';

/** Whose answers the cache may hold: a member's id, `SOMEONE`, or null for a visitor. */
function cachedMember(queryClient: QueryClient): number | typeof SOMEONE | null {
  if (!getLogin().isAuthenticated) return null;
  return queryClient.getQueryData<User>(userKeys.me())?.id ?? SOMEONE;
}

/**
 * Drops the member-dependent answers: those no screen shows are removed; those on screen are
 * emptied (a screen shows its loading state) and read again if active. `removeQueries` alone
 * would leave them on a screen until its next render.
 */
function dropMemberAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => isMemberQuery(query) && query.getObserversCount() === 0 });
  void queryClient.resetQueries({ predicate: isMemberQuery });
}

/**
 * Runs `change`, a sign-in or a sign-out, and settles the cache for who is signed in after it.
 * `change` resolves with the member signed in, null once signed out, or undefined when nothing
 * changed (a cancelled or failed login); it rejects when it failed (the cache is left as is).
 * Resolves once the cache is settled; what is read again goes on after (nothing waits for it).
 */
export async function changeMember(
  queryClient: QueryClient,
  change: () => Promise<User | null | undefined>,
): Promise<void> {
  const before = cachedMember(queryClient);
  const member = await change();
  if (member === undefined) return;
  const after = member?.id ?? null;
  if (before === after) {
    // The same member again (a fresh token), or still a visitor: nothing to read again.
    if (member) queryClient.setQueryData(userKeys.me(), member);
    return;
  }
  if (before !== null) dropMemberAnswers(queryClient);
  if (member === null) return;
  queryClient.setQueryData(userKeys.me(), member);
  // The rest is read again as this member: after a visitor, everything but the profile just
  // set (reactions, hearts and own posts were read as a visitor); after another member, what
  // was not dropped.
  void queryClient.invalidateQueries({
    predicate: (query) => (before === null ? query.queryKey[0] !== userKeys.all[0] : !isMemberQuery(query)),
  });
}

/** The page's subscription of `dropMemberAnswersOnSignOut`. */
let stopDropping: (() => void) | null = null;

/**
 * Drops the member's answers when the login ends without `changeMember`: a token the API
 * refused (login-store's `identityApiAuth`), a session that expired, a sign-out in another
 * tab. Otherwise a page signed out that way went on showing the member's hearts, reactions
 * and own posts. One subscription per page: a second call replaces the first.
 */
export function dropMemberAnswersOnSignOut(queryClient: QueryClient): void {
  stopDropping?.();
  let signedIn = getLogin().isAuthenticated;
  stopDropping = onLoginChange(() => {
    const now = getLogin().isAuthenticated;
    // changeMember's own sign-outs pass here too: dropping twice is harmless.
    if (signedIn && !now) dropMemberAnswers(queryClient);
    signedIn = now;
  });
}

/** Ends that subscription (the tests' new page for every test: testing/setup-tests.ts). */
export function stopDroppingMemberAnswers(): void {
  stopDropping?.();
  stopDropping = null;
}
