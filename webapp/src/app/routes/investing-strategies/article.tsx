import { useParams } from 'react-router';

import { ShareButton } from '@/components/share/share-button';
import { ArticleView } from '@/features/insight/components/article-view';
import { FeaturedQuoteList } from '@/features/securities/components/featured-quote-list';
import { useLiveQuotes } from '@/features/securities/hooks/use-live-quotes';
import { CommentSection } from '@/features/social/components/comment-section';
import { ReactionBar } from '@/features/social/components/reaction-bar';
import { parseRouteId } from '@/lib/route-id';

import { SocialViewerProvider } from '@/app/social/social-viewer';
import NotFoundRoute from '../not-found';

import '@/features/social/components/social.css';

/**
 * /m/investing_strategies/articles/:articleId: an insight article with its stock cards (live
 * prices), 좋아요 / 싫어요 and its comments (the community's, on the article).
 */
export default function InsightArticleRoute() {
  const { articleId } = useParams();
  const id = parseRouteId(articleId);
  if (id === null) return <NotFoundRoute />;
  return (
    <SocialViewerProvider>
      <ArticleView
        key={id}
        articleId={id}
        renderStock={(securityId) => <FeaturedQuoteList stocks={[{ securityId, name: null }]} live={false} />}
      >
        {(article) => (
          <>
            <LiveArticleQuotes securityIds={article.security_ids} />
            <ReactionBar post={article} type="insight_article" />
            <ShareButton title={article.title} />
            <CommentSection on={{ type: 'insight_article', id: article.id }} commentsCount={article.comments_count} />
          </>
        )}
      </ArticleView>
    </SocialViewerProvider>
  );
}

/**
 * One quote stream for every stock card of the article (the cards' securities are the
 * article's): a card each would open a stream each, and a recap's dozen cards would take every
 * connection the browser allows the host.
 */
function LiveArticleQuotes({ securityIds }: { securityIds: readonly string[] }) {
  useLiveQuotes(securityIds);
  return null;
}
