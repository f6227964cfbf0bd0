import { Link, useParams } from 'react-router';

import { paths } from '@/config/paths';
import { socialPaths } from '@/config/social-paths';
import { useSecurity } from '@/features/securities/api/get-security';
import { usePost } from '@/features/social/api/get-post';
import { PostDetail } from '@/features/social/components/post-detail';
import { parseRouteId } from '@/lib/route-id';

import { SocialViewerProvider } from '@/app/social/social-viewer';
import NotFoundRoute from '../not-found';

import '@/features/social/components/social.css';

/** The stock the post is about, linking to its board, once the post is known. */
function StockLink({ postId }: { postId: number }) {
  const securityId = usePost(postId).data?.post.security_id;
  return securityId ? <StockLinkOf securityId={securityId} /> : null;
}

function StockLinkOf({ securityId }: { securityId: string }) {
  const name = useSecurity(securityId).data?.security.name;
  return (
    <div className="board-header">
      <Link to={paths.stock.getHref(securityId)}>{name ?? securityId}</Link>
      <Link to={socialPaths.board.getHref(securityId)}>토론 전체보기 ›</Link>
    </div>
  );
}

/** /m/debates/:debateId: a post by its id alone, the same screen as on its board, with its stock. */
export default function DebateRoute() {
  const { debateId } = useParams();
  const postId = parseRouteId(debateId);
  if (postId === null) return <NotFoundRoute />;
  return (
    <SocialViewerProvider>
      <title>토론 : 시세</title>
      <StockLink postId={postId} />
      <PostDetail
        key={postId}
        postId={postId}
        scope="all"
        hrefOf={(post) => socialPaths.debate.getHref(post.id)}
        afterDelete={(post) => socialPaths.board.getHref(post.security_id)}
      />
    </SocialViewerProvider>
  );
}
