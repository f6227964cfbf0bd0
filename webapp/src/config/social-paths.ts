// The community's routes (spec §2), kept apart from paths.ts: paths.ts is in the shell, these
// are needed only by lazy screens (the route table, the community's own screens, MY).
import { paths } from './paths';

const board = (securityId: string) => paths.stockDebates.getHref(securityId);

export const socialPaths = {
  /** A stock's board (토론). */
  board: paths.stockDebates,
  /** One post on its stock's board. */
  boardPost: {
    path: '/m/stocks/:securityId/debates/:debateId',
    getHref: (securityId: string, postId: number) => `${board(securityId)}/${postId}`,
  },
  /** The new-post form (members). */
  newPost: { path: '/m/stocks/:securityId/debates/new', getHref: (securityId: string) => `${board(securityId)}/new` },
  /** The member's own posts on this board (scope mine). */
  myBoardPosts: {
    path: '/m/stocks/:securityId/debates/posts',
    getHref: (securityId: string) => `${board(securityId)}/posts`,
  },
  /** Who liked a post. */
  likedUsers: {
    path: '/m/stocks/:securityId/debates/:debateId/liked_users',
    getHref: (securityId: string, postId: number) => `${board(securityId)}/${postId}/liked_users`,
  },
  /** `/m/debates` redirects to the root (spec §2). */
  debates: { path: '/m/debates', getHref: () => '/m/debates' },
  /** A post by its id alone (the same screen as on its board). */
  debate: { path: '/m/debates/:debateId', getHref: (postId: number) => `/m/debates/${postId}` },
  /** MY: every post the member wrote, every comment. */
  myPosts: { path: '/m/my/posts', getHref: () => '/m/my/posts' },
  myComments: { path: '/m/my/comments', getHref: () => '/m/my/comments' },
  /** 공지사항: the service's notices, newest first. */
  notices: { path: '/m/notices', getHref: () => '/m/notices' },
  notice: { path: '/m/notices/:noticeId', getHref: (noticeId: number) => `/m/notices/${noticeId}` },
  /** 고객센터: frequently asked questions and the member's messages to the operators. */
  customerSupport: { path: '/m/customer_support', getHref: () => '/m/customer_support' },
  /** One topic (테마) with its stocks. */
  topic: {
    path: '/m/investing_strategies/topics/:topicId',
    getHref: (topicId: number) => `/m/investing_strategies/topics/${topicId}`,
  },
} as const;
