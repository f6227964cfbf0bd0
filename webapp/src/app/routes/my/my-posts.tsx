import { SignInPrompt } from '@/features/identity/components/sign-in-prompt';
import { useRequireLogin } from '@/features/identity/login';
import { useMyPosts } from '@/features/social/api/get-member-posts';
import { MyPostList } from '@/features/social/components/my-activity';

import { useStockNameLookup } from '@/app/social/use-stock-name';

import './my.css';

/** /m/my/posts (MY 내가 쓴 글 전체보기): every post the member wrote, newest first. Members only. */
export default function MyPostsRoute() {
  const signedIn = useRequireLogin();
  return (
    <>
      <title>내가 쓴 글 : 시세</title>
      <h1 className="my-page__title">내가 쓴 글</h1>
      {signedIn ? <AllMyPosts /> : <SignInPrompt />}
    </>
  );
}

function AllMyPosts() {
  const ids = useMyPosts().data?.pages.flatMap((page) => page.posts.map((post) => post.security_id)) ?? [];
  return <MyPostList stockName={useStockNameLookup(ids)} />;
}
