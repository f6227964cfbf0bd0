import { useParams } from 'react-router';

import { LikedUsers } from '@/features/social/components/liked-users';
import { parseRouteId } from '@/lib/route-id';

import NotFoundRoute from '@/app/routes/not-found';

/** /m/stocks/:securityId/debates/:debateId/liked_users: who liked the post, the latest first. */
export default function LikedUsersRoute() {
  const { debateId } = useParams();
  const postId = parseRouteId(debateId);
  if (postId === null) return <NotFoundRoute />;
  return (
    <>
      <title>좋아요 : 시세</title>
      <h2 className="page-section-title">좋아요 누른 사람</h2>
      <LikedUsers postId={postId} />
    </>
  );
}
