import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestQueryClient } from '@/testing/test-utils';

import type { User } from './api';
import { clearLogin, getLogin, identityApiAuth, reloadLogin, setLogin } from './login-store';
import { changeMember, dropMemberAnswersOnSignOut, stopDroppingMemberAnswers } from './member-cache';
import { userKeys } from './queries';

const member = (id: number, name: string): User => ({
  id,
  name,
  birth_year: null,
  gender: null,
  email: null,
  avatar_url: null,
  open_favorite_stocks: true,
  is_edited_user_name: true,
});
const ANT = member(7, '개미');
const BULL = member(8, '황소');

// Keys of the features' roots (lib/query-keys MEMBER_QUERY_ROOTS): a reaction, a heart, a
// contest entry; and a quote list, the same for everyone.
const POST: QueryKey = ['social', 'posts', 'detail', 1, 'all'];
const HEARTS: QueryKey = ['favorites', 'existences', { assetIds: ['KOREA-A005930'] }];
const CONTEST: QueryKey = ['contests', 'detail', 3];
const QUOTES: QueryKey = ['quotes', 'list', ['KOREA-A005930']];

/** A cache that holds `owner`'s answers (and `owner` signed in, unless a visitor's). */
function cacheOf(owner: User | null): QueryClient {
  const queryClient = createTestQueryClient();
  const whose = owner?.name ?? '방문자';
  if (owner) {
    setLogin('a'.repeat(64), 3600);
    queryClient.setQueryData(userKeys.me(), owner);
  }
  queryClient.setQueryData(POST, { my_emotion: { liked: true }, whose });
  queryClient.setQueryData(HEARTS, { whose });
  queryClient.setQueryData(CONTEST, { mine: { rank: 1 }, whose });
  queryClient.setQueryData(QUOTES, { price: 100 });
  return queryClient;
}

/** Signs in as `user` (the login flow stores a session first). */
const signIn = (user: User) => () => {
  setLogin('b'.repeat(64), 3600);
  return Promise.resolve(user);
};
const signOut = () => {
  clearLogin();
  return Promise.resolve(null);
};

const state = (queryClient: QueryClient, key: QueryKey) => queryClient.getQueryState(key);

beforeEach(() => clearLogin());
afterEach(() => clearLogin());

describe('changeMember', () => {
  it("another member signing in: the first one's answers are dropped at once, the rest read again", async () => {
    const queryClient = cacheOf(ANT);
    await changeMember(queryClient, signIn(BULL));
    for (const key of [POST, HEARTS, CONTEST]) expect(queryClient.getQueryData(key)).toBeUndefined();
    expect(queryClient.getQueryData(userKeys.me())).toEqual(BULL);
    expect(state(queryClient, QUOTES)).toMatchObject({ data: { price: 100 }, isInvalidated: true });
  });

  it('an answer on screen is emptied and read again as the new member, never shown to them', async () => {
    const queryClient = cacheOf(ANT);
    const queryFn = vi.fn(() => Promise.resolve({ whose: BULL.name }));
    const observer = new QueryObserver(queryClient, { queryKey: POST, queryFn });
    const shown: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => shown.push(result.data));
    expect(observer.getCurrentResult().data).toMatchObject({ whose: ANT.name });

    await changeMember(queryClient, signIn(BULL));
    expect(observer.getCurrentResult().data).toBeUndefined();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ whose: BULL.name }));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(shown.filter((data) => data !== undefined)).toEqual([{ whose: BULL.name }]);
    unsubscribe();
  });

  it("signing out (or leaving): the member's answers and profile are dropped, the rest kept as is", async () => {
    const queryClient = cacheOf(ANT);
    await changeMember(queryClient, signOut);
    expect(getLogin().isAuthenticated).toBe(false);
    for (const key of [userKeys.me(), POST, HEARTS, CONTEST]) expect(queryClient.getQueryData(key)).toBeUndefined();
    expect(state(queryClient, QUOTES)).toMatchObject({ data: { price: 100 }, isInvalidated: false });
  });

  it("a login kept from before the page, of a member the cache has no profile of, counts as another member's", async () => {
    const queryClient = cacheOf(ANT);
    queryClient.removeQueries({ queryKey: userKeys.me() });
    await changeMember(queryClient, signIn(BULL));
    expect(queryClient.getQueryData(POST)).toBeUndefined();
  });

  it("a visitor signing in keeps the screen, read again as the member", async () => {
    const queryClient = cacheOf(null);
    await changeMember(queryClient, signIn(ANT));
    expect(queryClient.getQueryData(userKeys.me())).toEqual(ANT);
    for (const key of [POST, HEARTS, CONTEST, QUOTES]) {
      expect(state(queryClient, key)).toMatchObject({ isInvalidated: true });
      expect(queryClient.getQueryData(key)).toBeDefined();
    }
    expect(state(queryClient, userKeys.me())?.isInvalidated).toBe(false);
  });

  it('the same member again, a failed login or a failed secession: nothing changes', async () => {
    const queryClient = cacheOf(ANT);
    await changeMember(queryClient, signIn(ANT));
    await changeMember(queryClient, () => Promise.resolve(undefined));
    await expect(changeMember(queryClient, () => Promise.reject(new Error('500')))).rejects.toThrow('500');
    for (const key of [POST, HEARTS, CONTEST, QUOTES]) {
      expect(state(queryClient, key)).toMatchObject({ isInvalidated: false });
      expect(queryClient.getQueryData(key)).toBeDefined();
    }
  });

  it('a visitor signing out is no change', async () => {
    const queryClient = cacheOf(null);
    await changeMember(queryClient, signOut);
    expect(queryClient.getQueryData(POST)).toBeDefined();
  });
});

describe('dropMemberAnswersOnSignOut', () => {
  it('drops the member answers when a refused token ends the login, and not a visitor’s', () => {
    const queryClient = cacheOf(ANT);
    dropMemberAnswersOnSignOut(queryClient);
    // The API refused the session's token (lib/api calls this on a 401).
    identityApiAuth.onUnauthorized('a'.repeat(64));
    expect(getLogin().isAuthenticated).toBe(false);
    for (const key of [userKeys.me(), POST, HEARTS, CONTEST]) expect(queryClient.getQueryData(key)).toBeUndefined();
    expect(queryClient.getQueryData(QUOTES)).toEqual({ price: 100 });
    // Read again as a visitor: a login change that ends no login keeps them.
    queryClient.setQueryData(HEARTS, { whose: '방문자' });
    reloadLogin();
    expect(queryClient.getQueryData(HEARTS)).toEqual({ whose: '방문자' });
    stopDroppingMemberAnswers();
  });
});
