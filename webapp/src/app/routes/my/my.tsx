import { Link } from 'react-router';

import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { MY_SOCIAL_PREVIEW_SIZE } from '@/config/constants';
import { favoritePaths } from '@/config/favorite-paths';
import { paths } from '@/config/paths';
import { contestPaths } from '@/config/contest-paths';
import { socialPaths } from '@/config/social-paths';
import { useStockNames } from '@/features/assets/hooks/use-stock-names';
import { RecentStocksEmpty } from '@/features/history/components/recent-stocks-empty';
import { useRecentStockIds } from '@/features/history/hooks/use-recent-stocks';
import { useLogin } from '@/features/identity/use-login';
import { FeaturedQuoteList } from '@/features/securities/components/featured-quote-list';
import { useMyPosts } from '@/features/social/api/get-member-posts';
import { useMyComments } from '@/features/social/api/get-my-comments';
import { MyCommentList, MyPostList } from '@/features/social/components/my-activity';

import { useStockNameLookup } from '@/app/social/use-stock-name';

import './my.css';

/** How many of the recently viewed stocks MY shows; 전체보기 lists them all. */
const RECENT_PREVIEW_SIZE = 5;

/** /m/my: what the member keeps on this device and account, one section each. */
export default function MyRoute() {
  const ids = useRecentStockIds();
  // Names for the whole list: the same call (and cache) as 최근 본 종목's own screens.
  const stocks = useStockNames(ids);
  return (
    <>
      <title>MY : 시세</title>
      <SampleDataNotice />
      <div className="my-page__header">
        <h1 className="my-page__title">MY</h1>
        {/* Members only: a visitor is sent to the login first (spec §2). */}
        <Link className="my-page__action" to={paths.settings.getHref()}>
          설정
        </Link>
      </div>
      <Section title="최근 본 종목" more={{ to: paths.myHistory.getHref(), label: '전체보기' }} testId="my-recent">
        {stocks.length === 0 ? (
          <RecentStocksEmpty />
        ) : (
          <FeaturedQuoteList stocks={stocks.slice(0, RECENT_PREVIEW_SIZE)} />
        )}
      </Section>
      <MyCommunity />
      {/* 관심종목: members only; a visitor signs in on the way (spec §2). */}
      <Section title="관심종목" more={{ to: favoritePaths.lists.getHref(), label: '전체보기' }} testId="my-favorites">
        <Link className="my-page__row" to={favoritePaths.lists.getHref()}>
          관심그룹과 종목 보기
        </Link>
      </Section>
      <Section title="수익률 대회" testId="my-contests">
        <Link className="my-page__row" to={contestPaths.contests.getHref()}>
          대회와 규칙
        </Link>
        <Link className="my-page__row" to={contestPaths.contestRankers.getHref()}>
          대회 랭킹
        </Link>
      </Section>
      <Section title="서비스 안내" testId="my-service">
        <Link className="my-page__row" to={socialPaths.notices.getHref()}>
          공지사항
        </Link>
        <Link className="my-page__row" to={socialPaths.customerSupport.getHref()}>
          고객센터
        </Link>
      </Section>
    </>
  );
}

/**
 * 내가 쓴 글 and 내 댓글: the newest few of each, 전체보기 for all. A visitor sees the way in
 * (the full pages are members only: the login comes first).
 */
function MyCommunity() {
  const { isAuthenticated } = useLogin();
  const posts = { to: socialPaths.myPosts.getHref(), label: '전체보기' };
  const comments = { to: socialPaths.myComments.getHref(), label: '전체보기' };
  if (!isAuthenticated) {
    return (
      <>
        <Section title="내가 쓴 글" more={posts} testId="my-posts">
          <Link className="my-page__row" to={posts.to}>
            로그인하고 내가 쓴 글 보기
          </Link>
        </Section>
        <Section title="내 댓글" more={comments} testId="my-comments">
          <Link className="my-page__row" to={comments.to}>
            로그인하고 내 댓글 보기
          </Link>
        </Section>
      </>
    );
  }
  return <MemberCommunity posts={posts} comments={comments} />;
}

function MemberCommunity({ posts, comments }: Record<'posts' | 'comments', { to: string; label: string }>) {
  // The same queries (and cache) as the lists below: their stocks' names in one call.
  const postIds = useMyPosts({ limit: MY_SOCIAL_PREVIEW_SIZE }).data?.pages[0]?.posts.map((post) => post.security_id) ?? [];
  const commentIds =
    useMyComments({ limit: MY_SOCIAL_PREVIEW_SIZE })
      .data?.pages[0]?.comments.flatMap((comment) => (comment.post ? [comment.post.security_id] : [])) ?? [];
  const stockName = useStockNameLookup([...postIds, ...commentIds]);
  return (
    <>
      <Section title="내가 쓴 글" more={posts} testId="my-posts">
        <MyPostList preview={MY_SOCIAL_PREVIEW_SIZE} stockName={stockName} />
      </Section>
      <Section title="내 댓글" more={comments} testId="my-comments">
        <MyCommentList preview={MY_SOCIAL_PREVIEW_SIZE} stockName={stockName} />
      </Section>
    </>
  );
}
