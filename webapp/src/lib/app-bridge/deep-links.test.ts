import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  DEEP_LINK_TARGETS,
  deepLinkPattern,
  deepLinkUrl,
  deepLinkWebUrl,
  openDeepLink,
  readWeb2AppPath,
  web2AppUrl,
  type DeepLinkParams,
  type DeepLinkTarget,
} from './deep-links';
import { AppBridgeError } from './errors';

type Case<T extends DeepLinkTarget> = [T, DeepLinkParams[T], string, string];

// Every target of spec §2: its parameters, its app address (main app), its browser address.
const CASES: { [T in DeepLinkTarget]: Case<T>[] } = {
  plustip: [
    ['plustip', {}, 'sise://plustip', '/m/investing_strategies'],
    ['plustip', { tipId: 't7' }, 'sise://plustip/t7', '/m/investing_strategies'],
  ],
  newsDetail: [
    [
      'newsDetail',
      { newsId: 'n1', url: 'https://news.example/a?b=1' },
      'sise://newsDetail/n1?url=https%3A%2F%2Fnews.example%2Fa%3Fb%3D1',
      'https://news.example/a?b=1',
    ],
    ['newsDetail', { newsId: 'n2' }, 'sise://newsDetail/n2', '/m/news'],
  ],
  disclosureDetail: [
    [
      'disclosureDetail',
      { disclosureId: '20260508000045' },
      'sise://disclosureDetail/20260508000045',
      'https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20260508000045',
    ],
  ],
  disclosureList: [
    ['disclosureList', { code: 'KOREA-A005930' }, 'sise://disclosureList/KOREA-A005930', '/m/stocks/KOREA-A005930/articles/disclosures'],
  ],
  viewAsset: [
    ['viewAsset', { code: 'KOREA-A005930' }, 'sise://viewAsset/KOREA-A005930', '/m/stocks/KOREA-A005930'],
    ['viewAsset', { code: 'KOREA-A005930', tabName: 'debates' }, 'sise://viewAsset/KOREA-A005930/debates', '/m/stocks/KOREA-A005930/debates'],
    [
      'viewAsset',
      { code: 'KOREA-A005930', tabName: 'articles', disclosureCategory: 'disclosures' },
      'sise://viewAsset/KOREA-A005930/articles/disclosures',
      '/m/stocks/KOREA-A005930/articles/disclosures',
    ],
    ['viewAsset', { code: 'FOREX-USDKRW' }, 'sise://viewAsset/FOREX-USDKRW', '/m/assets/FOREX-USDKRW'],
  ],
  chatAssistant: [
    ['chatAssistant', { question: '삼성전자 전망' }, 'sise://chatAssistant?question=%EC%82%BC%EC%84%B1%EC%A0%84%EC%9E%90+%EC%A0%84%EB%A7%9D', '/m/web2app/chatAssistant?question=%EC%82%BC%EC%84%B1%EC%A0%84%EC%9E%90+%EC%A0%84%EB%A7%9D'],
  ],
  innerLink: [
    ['innerLink', { path: '/m/stocks/KOREA-A005930/debates' }, 'sise://innerLink/m/stocks/KOREA-A005930/debates', '/m/stocks/KOREA-A005930/debates'],
  ],
  webView: [
    ['webView', { url: 'https://event.example/', title: '이벤트' }, 'sise://webView?url=https%3A%2F%2Fevent.example%2F&title=%EC%9D%B4%EB%B2%A4%ED%8A%B8', 'https://event.example/'],
  ],
  outerLink: [['outerLink', { url: 'https://www.example.com/' }, 'sise://outerLink?url=https%3A%2F%2Fwww.example.com%2F', 'https://www.example.com/']],
  mainMenu: [
    ['mainMenu', { selectedTab: 'favorite', groupId: 3 }, 'sise://mainMenu/favorite/3', '/m/my/favorite_stock_lists/3'],
    ['mainMenu', { selectedTab: 'favorite' }, 'sise://mainMenu/favorite', '/m/my/favorite_stock_lists'],
    ['mainMenu', { selectedTab: 'community', section: 'popular' }, 'sise://mainMenu/community/popular', '/m'],
    ['mainMenu', { selectedTab: 'trend' }, 'sise://mainMenu/trend', '/m/trend'],
  ],
  integratedSearch: [
    ['integratedSearch', { keyword: '삼성' }, 'sise://integratedSearch?keyword=%EC%82%BC%EC%84%B1', '/m/search/query?keyword=%EC%82%BC%EC%84%B1'],
    ['integratedSearch', {}, 'sise://integratedSearch', '/m/search'],
  ],
  imageViewer: [['imageViewer', { url: 'https://img.example/a.png' }, 'sise://imageViewer?url=https%3A%2F%2Fimg.example%2Fa.png', 'https://img.example/a.png']],
  postImageViewer: [['postImageViewer', { postId: 42, index: 1 }, 'sise://postImageViewer/42/1', '/m/debates/42']],
  post: [['post', { postId: 42 }, 'sise://post/42', '/m/debates/42']],
  plusFriendHome: [['plusFriendHome', {}, 'sise://plusFriendHome', '/m/web2app/plusFriendHome']],
  alarm: [
    ['alarm', {}, 'sise://alarm', '/m/web2app/alarm'],
    ['alarm', { tabIndex: 2 }, 'sise://alarm/2', '/m/web2app/alarm/2'],
  ],
  alarmHistory: [['alarmHistory', {}, 'sise://alarmHistory', '/m/web2app/alarmHistory']],
  themeDetail: [
    ['themeDetail', { key: '12' }, 'sise://themeDetail/12', '/m/investing_strategies/topics/12'],
    ['themeDetail', { key: 'ai', country: 'us' }, 'sise://themeDetail/ai/us', '/m/web2app/themeDetail/ai/us'],
  ],
  membershipProgram: [['membershipProgram', {}, 'sise://membershipProgram', '/m/web2app/membershipProgram']],
  helpDeskMessage: [['helpDeskMessage', {}, 'sise://helpDeskMessage', '/m/customer_support']],
  userDashboard: [['userDashboard', { userId: 9 }, 'sise://userDashboard/9', '/m/my']],
  contact: [['contact', {}, 'sise://contact', '/m/customer_support']],
  reportPost: [['reportPost', { postId: 42 }, 'sise://reportPost/42', '/m/debates/42']],
  reportReply: [['reportReply', { postId: 42, commentId: 7 }, 'sise://reportReply/42/7', '/m/debates/42']],
  ranking: [
    ['ranking', {}, 'sise://ranking', '/m/rankers/contest_rankers'],
    ['ranking', { rankerId: 5 }, 'sise://ranking/5', '/m/rankers/5'],
  ],
  devicePermission: [['devicePermission', { permission: 'notification' }, 'sise://devicePermission/notification', '/m/web2app/devicePermission/notification']],
  usRealtimeApply: [['usRealtimeApply', {}, 'sise://usRealtimeApply', '/m/web2app/usRealtimeApply']],
  usRealtimeTicket: [['usRealtimeTicket', {}, 'sise://usRealtimeTicket', '/m/web2app/usRealtimeTicket']],
  newsroomTab: [['newsroomTab', { tabName: 'latest' }, 'sise://newsroomTab/latest', '/m/news']],
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the deep-link builder', () => {
  it('has every target of spec §2', () => {
    expect(DEEP_LINK_TARGETS).toHaveLength(29);
    expect(Object.keys(CASES).sort()).toEqual([...DEEP_LINK_TARGETS].sort());
  });

  const all = Object.values(CASES).flat() as Case<DeepLinkTarget>[];
  it.each(all)('%s %j → %s, in a browser %s', (target, params, app, web) => {
    expect(deepLinkUrl(target, params)).toBe(app);
    expect(deepLinkWebUrl(target, params)).toBe(web);
    // The app address is what the target's pattern matches (the web2app page reads it back).
    const path = app.slice('sise://'.length).split('?')[0] ?? '';
    expect(deepLinkPattern(target).match(path)).not.toBeNull();
    expect(readWeb2AppPath(path, '')?.target).toBe(target);
  });

  it('uses each app its own scheme, and carries campaign parameters', () => {
    expect(deepLinkUrl('post', { postId: 1 }, { app: 'trade' })).toBe('sise-trade://post/1');
    expect(deepLinkUrl('post', { postId: 1 }, { app: 'virtual-trade', campaign: { utm_campaign: 'spring' } })).toBe(
      'sise-vtrade://post/1?utm_campaign=spring',
    );
  });

  it('sends a browser to web2app even for a target with a page of its own, campaign and all', () => {
    const url = web2AppUrl('viewAsset', { code: 'KOREA-A005930' }, { utm_source: 'mweb', utm_campaign: 'realtime_quotation' });
    expect(url).toBe('/m/web2app/viewAsset/KOREA-A005930?utm_source=mweb&utm_campaign=realtime_quotation');
    // What the web2app page reads back.
    expect(readWeb2AppPath('viewAsset/KOREA-A005930', 'utm_source=mweb')).toEqual({
      target: 'viewAsset',
      path: 'viewAsset/KOREA-A005930?utm_source=mweb',
    });
    expect(web2AppUrl('viewAsset', { code: 'KOREA-A005930', tabName: 'debates' })).toBe('/m/web2app/viewAsset/KOREA-A005930/debates');
  });

  it('spec §5: a missing required parameter is an error', () => {
    expect(() => deepLinkUrl('post', {} as DeepLinkParams['post'])).toThrowError(
      expect.objectContaining({ code: 'missing_route_parameter' }) as Error,
    );
    expect(() => deepLinkUrl('reportReply', { postId: 1 } as DeepLinkParams['reportReply'])).toThrowError(
      expect.objectContaining({ code: 'missing_route_parameter' }) as Error,
    );
  });

  it('reads a web2app address back only for a target whose pattern matches', () => {
    expect(readWeb2AppPath('viewAsset/KOREA-A005930/debates', '?utm_source=x')).toEqual({
      target: 'viewAsset',
      path: 'viewAsset/KOREA-A005930/debates?utm_source=x',
    });
    expect(readWeb2AppPath('post', '')).toBeNull();
    expect(readWeb2AppPath('nowhere/1', '')).toBeNull();
  });
});

describe('opening a deep link', () => {
  it('inside an app goes through the app scheme (a link the web view hands to the app)', () => {
    const opened: string[] = [];
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element).closest('a');
      if (anchor) {
        opened.push(anchor.getAttribute('href') ?? '');
        event.preventDefault();
      }
    };
    window.addEventListener('click', onClick, true);
    const assign = vi.fn();
    openDeepLink('newsDetail', { newsId: 'n1' }, { appType: { app: 'trade', os: 'ios', version: '1' }, assign });
    window.removeEventListener('click', onClick, true);
    expect(opened).toEqual(['sise-trade://newsDetail/n1']);
    expect(assign).not.toHaveBeenCalled();
    expect(document.querySelector('a')).toBeNull();
  });

  it('in a browser sets the page address', () => {
    const assign = vi.fn();
    openDeepLink('viewAsset', { code: 'KOREA-A005930', tabName: 'analysis' }, { appType: null, assign });
    expect(assign).toHaveBeenCalledWith('/m/stocks/KOREA-A005930/analysis');
  });

  it('a launch that fails is a scheme error naming the scheme type and the scheme', async () => {
    const { launchScheme } = await import('./deep-links');
    const doc = { createElement: () => { throw new Error('no DOM'); } } as unknown as Document;
    try {
      launchScheme('sise://post/1', 'post', doc);
      throw new Error('did not throw');
    } catch (error) {
      expect(error).toBeInstanceOf(AppBridgeError);
      expect((error as AppBridgeError).code).toBe('scheme_launch_failed');
      expect((error as AppBridgeError).message).toContain('(post: sise://post/1)');
      expect((error as AppBridgeError).detail).toEqual({ schemeType: 'post', scheme: 'sise://post/1' });
    }
  });
});
