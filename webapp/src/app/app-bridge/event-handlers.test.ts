import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { openModal, useOpenModals } from '@/components/modals/modal-store';
import { startLoginInApp } from '@/features/identity/app-login';
import { getLogin, clearLogin, setLogin } from '@/features/identity/login-store';
import { userKeys } from '@/features/identity/queries';
import { getAppState, resetAppState } from '@/lib/app-bridge/app-state';
import { createAppBridge } from '@/lib/app-bridge/bridge';
import { createTestQueryClient, stubFetch } from '@/testing/test-utils';

import { attachmentFiles, createEventHandlers, fontSizeOfLevel, type HandlerContext } from './event-handlers';

const BULL = { id: 8, name: '황소' };
const HEARTS = ['favorites', 'existences', { assetIds: ['KOREA-A005930'] }];
const POSTS = ['social', 'posts', 'list', 'board', 'KOREA-A005930'];

function context(pathname = '/m', { key = 'k1', search = '' } = {}) {
  const navigate = vi.fn();
  const bridge = createAppBridge({ appType: null });
  const ctx: HandlerContext = {
    bridge,
    queryClient: createTestQueryClient(),
    navigate,
    location: () => ({ pathname, search, key }),
  };
  return { ctx, navigate, handlers: createEventHandlers(ctx) };
}

beforeEach(() => {
  resetAppState();
  clearLogin();
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the app events (spec §4) on the page', () => {
  it('token: signs in through POST /api/session/activate', async () => {
    const fetchMock = stubFetch({
      '/main/api/session/activate': {
        status: 200,
        body: { access_token: 'a'.repeat(64), expires_in: 3600, user: { id: 7, name: '개미' } },
      },
    });
    const { ctx, handlers } = context();
    handlers.token({ token: 'messenger-token' });
    await vi.waitFor(() => expect(getLogin().isAuthenticated).toBe(true));
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect(request.url).toContain('/main/api/session/activate');
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ token: 'messenger-token' });
    await vi.waitFor(() => expect(ctx.queryClient.getQueryData(userKeys.me())).toMatchObject({ name: '개미' }));
  });

  it('token: an empty one is refused (reported), nothing is asked', () => {
    const fetchMock = stubFetch({});
    const { handlers } = context();
    handlers.token({ token: '' });
    handlers.token({ token: '   ' });
    // The only request is the refusal's report (lib/error-reporting.ts): no session is opened.
    const asked = fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname);
    expect(asked).toEqual(['/main/api/client-errors']);
    expect(vi.mocked(console.warn).mock.lastCall?.[1]).toMatchObject({ error: 'bridge_empty_token' });
  });

  it('quotationToken: kept, an empty one refused', () => {
    const { handlers } = context();
    handlers.quotationToken({ token: '' });
    expect(getAppState().quotationToken).toBeNull();
    handlers.quotationToken({ token: 'q1' });
    expect(getAppState().quotationToken).toBe('q1');
  });

  it('backKey: closes the top modal, else goes back, else closes the web view', () => {
    const { ctx, navigate, handlers } = context('/m/trend', { key: 'k2' });
    const close = vi.spyOn(ctx.bridge, 'close');
    openModal({ type: 'alert', props: { message: 'x' } });
    handlers.backKey({});
    expect(navigate).not.toHaveBeenCalled();
    handlers.backKey({});
    expect(navigate).toHaveBeenCalledWith(-1);
    const first = context('/m', { key: 'default' });
    const closeFirst = vi.spyOn(first.ctx.bridge, 'close');
    first.handlers.backKey({});
    expect(closeFirst).toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
    expect(useOpenModals).toBeDefined();
  });

  it("fontSizeLevel: the app's 1–5 as the page's size1–size4, 3 the normal size2", () => {
    expect([1, 2, 3, 4, 5].map(fontSizeOfLevel)).toEqual(['size1', 'size1', 'size2', 'size3', 'size4']);
    const { handlers } = context();
    handlers.fontSizeLevel({ level: 5 });
    expect(document.documentElement.dataset.fontSize).toBe('size4');
    handlers.fontSizeLevel({ level: 9 });
    expect(document.documentElement.dataset.fontSize).toBe('size4');
  });

  it("userId and userInfo: signed out in the app is signed out here, the member's data dropped", async () => {
    setLogin('b'.repeat(64), 3600);
    const { ctx, handlers } = context();
    ctx.queryClient.setQueryData(userKeys.me(), { id: 7, name: '개미' });
    ctx.queryClient.setQueryData(HEARTS, { whose: '개미' });
    handlers.userId({ userId: null });
    expect(getLogin().isAuthenticated).toBe(false);
    await vi.waitFor(() => expect(ctx.queryClient.getQueryData(HEARTS)).toBeUndefined());
    expect(ctx.queryClient.getQueryData(userKeys.me())).toBeUndefined();

    setLogin('b'.repeat(64), 3600);
    ctx.queryClient.setQueryData(HEARTS, { whose: '개미' });
    handlers.userInfo({ user: null });
    expect(getLogin().isAuthenticated).toBe(false);
    await vi.waitFor(() => expect(ctx.queryClient.getQueryData(HEARTS)).toBeUndefined());
  });

  it("token as another member: the first member's data are dropped, not shown while read again", async () => {
    stubFetch({ '/main/api/session/activate': { status: 200, body: { access_token: 'a'.repeat(64), expires_in: 3600, user: BULL } } });
    setLogin('b'.repeat(64), 3600);
    const { ctx, handlers } = context();
    ctx.queryClient.setQueryData(userKeys.me(), { id: 7, name: '개미' });
    ctx.queryClient.setQueryData(HEARTS, { whose: '개미' });
    ctx.queryClient.setQueryData(POSTS, { whose: '개미' });
    handlers.token({ token: 'messenger-token-of-bull' });
    await vi.waitFor(() => expect(ctx.queryClient.getQueryData(userKeys.me())).toMatchObject({ id: 8 }));
    expect(ctx.queryClient.getQueryData(HEARTS)).toBeUndefined();
    expect(ctx.queryClient.getQueryData(POSTS)).toBeUndefined();
  });

  it("the page's 로그인 in the app signs in through the token event (startLoginInApp)", async () => {
    stubFetch({ '/main/api/session/activate': { status: 200, body: { access_token: 'a'.repeat(64), expires_in: 3600, user: BULL } } });
    setLogin('b'.repeat(64), 3600);
    const { ctx, handlers } = context();
    ctx.bridge.on('token', handlers.token);
    ctx.queryClient.setQueryData(userKeys.me(), { id: 7, name: '개미' });
    ctx.queryClient.setQueryData(HEARTS, { whose: '개미' });
    const getToken = vi.spyOn(ctx.bridge, 'getToken').mockResolvedValue('messenger-token-of-bull');
    await startLoginInApp(ctx.bridge);
    expect(getToken).toHaveBeenCalledWith({ refresh: true });
    await vi.waitFor(() => expect(ctx.queryClient.getQueryData(userKeys.me())).toMatchObject({ id: 8 }));
    expect(ctx.queryClient.getQueryData(HEARTS)).toBeUndefined();
  });

  it('appInfo, alarmState, emergencySkip, investmentLevelImage, storageData, functionAvailability, newNotification: kept for the page', () => {
    const { handlers } = context();
    handlers.appInfo({ version: '3.1.0', os: 'ios' });
    handlers.alarmState({ enabled: false });
    handlers.emergencySkip({ skip: true });
    handlers.investmentLevelImage({ url: 'https://img.example/level3.png' });
    handlers.storageData({ key: 'k', value: 'v' });
    handlers.functionAvailability({ name: 'share', available: false });
    handlers.newNotification({ count: 2, title: '삼성전자 목표가 도달' });
    handlers.newNotification({});
    expect(getAppState()).toMatchObject({
      appInfo: { version: '3.1.0' },
      alarmEnabled: false,
      emergencySkip: true,
      investmentLevelImage: 'https://img.example/level3.png',
      storage: { k: 'v' },
      functions: { share: false },
      newNotifications: 3,
      newNotificationTitle: '삼성전자 목표가 도달',
    });
    handlers.investmentLevelImage({ url: 'javascript:alert(1)' });
    expect(getAppState().investmentLevelImage).toBeNull();
  });

  it("pullToRefresh: refetches the page's data, showing it meanwhile", async () => {
    const { ctx, handlers } = context();
    const refetch = vi.spyOn(ctx.queryClient, 'refetchQueries');
    handlers.expandingProgress({ progress: 1.7 });
    expect(getAppState().pullProgress).toBe(1);
    handlers.pullToRefresh({});
    expect(refetch).toHaveBeenCalledWith({ type: 'active' });
    expect(getAppState().refreshing).toBe(true);
    await vi.waitFor(() => expect(getAppState().refreshing).toBe(false));
  });

  it('webVisibility: hidden stops refetching on focus, visible resumes it', () => {
    const { handlers } = context();
    handlers.webVisibility({ visible: false });
    expect(focusManager.isFocused()).toBe(false);
    handlers.webVisibility({ visible: true });
    expect(focusManager.isFocused()).toBe(true);
  });

  it('scrollTop scrolls to the top; chartImage hides the charts', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { handlers } = context();
    handlers.scrollTop({});
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    handlers.chartImage({ visible: false });
    expect(document.documentElement.dataset.chartImage).toBe('off');
    handlers.chartImage({ visible: true });
    expect(document.documentElement.dataset.chartImage).toBe('on');
  });

  it('shareClick shares the page through the app', () => {
    const { ctx, handlers } = context();
    const share = vi.spyOn(ctx.bridge, 'share');
    document.title = '삼성전자 : 시세';
    handlers.shareClick({});
    expect(share).toHaveBeenCalledWith({ url: window.location.href, title: '삼성전자 : 시세' });
  });

  it('postTagFilter filters the board; postWriteClick, enterCommunity, enterNewsroomTab go where they say', () => {
    const board = context('/m/stocks/KOREA-A005930/debates', { search: '?sort=RANK_DESC' });
    board.handlers.postTagFilter({ tag: 'question' });
    expect(board.navigate).toHaveBeenCalledWith('/m/stocks/KOREA-A005930/debates?sort=RANK_DESC&category=question');
    board.handlers.postWriteClick({});
    expect(board.navigate).toHaveBeenCalledWith('/m/stocks/KOREA-A005930/debates/new');
    board.handlers.enterNewsroomTab({});
    expect(board.navigate).toHaveBeenCalledWith('/m/stocks/KOREA-A005930/articles/news');

    const home = context('/m');
    home.handlers.postTagFilter({ tag: 'question' });
    expect(home.navigate).not.toHaveBeenCalled();
    home.handlers.enterCommunity({ securityId: 'KOREA-A000660' });
    expect(home.navigate).toHaveBeenCalledWith('/m/stocks/KOREA-A000660/debates');
    home.handlers.enterCommunity({});
    expect(home.navigate).toHaveBeenLastCalledWith('/m');
    home.handlers.enterNewsroomTab({});
    expect(home.navigate).toHaveBeenLastCalledWith('/m/news');
  });

  it("groupInfos and userInfo read the member's data again", () => {
    const { ctx, handlers } = context();
    const invalidate = vi.spyOn(ctx.queryClient, 'invalidateQueries');
    handlers.groupInfos({ groups: [{ id: 1, name: '관심그룹' }] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['favorites'] });
    handlers.userInfo({ user: { userId: '7' } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: userKeys.me() });
  });

  it("attachmentItems: the pictures go to the page's picture input", () => {
    const main = document.createElement('main');
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    main.append(input);
    document.body.append(main);
    const changed = vi.fn();
    input.addEventListener('change', changed);
    const { handlers } = context();
    // jsdom has no DataTransfer: the handler's part is checked through the files it makes.
    expect(attachmentFiles([{ name: 'a.png', type: 'image/png', data: btoa('png!') }, { name: 'b.txt', type: 'text/plain', data: 'eA==' }])).toHaveLength(1);
    if (typeof DataTransfer !== 'undefined') {
      handlers.attachmentItems({ items: [{ name: 'a.png', type: 'image/png', data: btoa('png!') }] });
      expect(changed).toHaveBeenCalled();
      expect(input.files?.[0]?.name).toBe('a.png');
    }
    main.remove();
  });
});
