import { SignInPrompt } from '@/features/identity/components/sign-in-prompt';
import { useRequireLogin } from '@/features/identity/login';
import { useMyComments } from '@/features/social/api/get-my-comments';
import { MyCommentList } from '@/features/social/components/my-activity';

import { useStockNameLookup } from '@/app/social/use-stock-name';

import './my.css';

/** /m/my/comments (MY 내 댓글 전체보기): every comment the member wrote, newest first. Members only. */
export default function MyCommentsRoute() {
  const signedIn = useRequireLogin();
  return (
    <>
      <title>내 댓글 : 시세</title>
      <h1 className="my-page__title">내 댓글</h1>
      {signedIn ? <AllMyComments /> : <SignInPrompt />}
    </>
  );
}

function AllMyComments() {
  const pages = useMyComments().data?.pages ?? [];
  const ids = pages.flatMap((page) => page.comments.flatMap((comment) => (comment.post ? [comment.post.security_id] : [])));
  return <MyCommentList stockName={useStockNameLookup(ids)} />;
}
