import { useParams, useSearchParams } from 'react-router';

import { socialPaths } from '@/config/social-paths';
import { PostDetail } from '@/features/social/components/post-detail';
import type { PostScope } from '@/features/social/types';
import { parseRouteId } from '@/lib/route-id';

import { SocialViewerProvider } from '@/app/social/social-viewer';
import NotFoundRoute from '@/app/routes/not-found';

/**
 * /m/stocks/:securityId/debates/:debateId: one post under its stock's header and tabs; opened
 * from 내 글 (`?scope=mine`) its previous and next are the member's own.
 */
export default function BoardPostRoute() {
  const { securityId = '', debateId } = useParams();
  const [search] = useSearchParams();
  const postId = parseRouteId(debateId);
  if (postId === null) return <NotFoundRoute />;
  const scope: PostScope = search.get('scope') === 'mine' ? 'mine' : 'all';
  return (
    <SocialViewerProvider>
      <title>토론 : 시세</title>
      <PostDetail
        key={postId}
        postId={postId}
        scope={scope}
        hrefOf={(post) => `${socialPaths.boardPost.getHref(post.security_id, post.id)}${scope === 'mine' ? '?scope=mine' : ''}`}
        afterDelete={() => socialPaths.board.getHref(securityId)}
      />
    </SocialViewerProvider>
  );
}
