import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { insightPaths } from '@/config/insight-paths';

import { useInsightArticle } from '../api/get-insight-article';
import type { InsightArticle } from '../types';

import { ArticleContent, hasStockCards } from './article-content';
import { AutomatedBadge, SampleBadge, publishedOn } from './article-list';

import './insight.css';

type ArticleViewProps = {
  articleId: number;
  renderStock: (securityId: string) => ReactNode;
  /** What goes under the text: the reactions and the comments (the community's). */
  children: (article: InsightArticle) => ReactNode;
};

/**
 * One article: title, contributor (to their page), date, the content, what the caller puts under
 * it (reactions, comments) and ‹ 이전 글 / 다음 글 › (the newer and older articles). With stock
 * cards, the sample-data notice above it.
 */
export function ArticleView({ articleId, renderStock, children }: ArticleViewProps) {
  const query = useInsightArticle(articleId);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const { article, prev_article: prev, next_article: next } = query.data;
  return (
    <article className="insight-article" aria-label={article.title}>
      <title>{`${article.title} : 시세`}</title>
      {/* Its stock cards show prices: simulated ones, as on every price screen. */}
      {hasStockCards(article) ? <SampleDataNotice /> : null}
      <header className="insight-article__header">
        <h1 className="insight-article__title">
          {article.title} <SampleBadge sample={article.sample} />
          <AutomatedBadge automated={article.contributor.automated} />
        </h1>
        <p className="insight-article__meta">
          <Link to={insightPaths.contributor.getHref(article.contributor.id)}>{article.contributor.name}</Link>
          {' · '}
          {publishedOn(article.published_at_ms)}
        </p>
        {article.contributor.automated ? (
          <p className="insight-article__note">
            시세가 그날의 샘플(모의) 시세와 공시·뉴스, 종목토론 데이터로 자동 작성한 글입니다. 투자 권유가 아닙니다.
          </p>
        ) : article.sample ? (
          <p className="insight-article__note">샘플 해설입니다. 실제 전문가의 의견이나 투자 권유가 아닙니다.</p>
        ) : null}
      </header>
      <ArticleContent article={article} renderStock={renderStock} />
      {children(article)}
      <nav className="insight-article__around" aria-label="이전 글, 다음 글">
        {prev ? (
          <Link to={insightPaths.article.getHref(prev.id)} rel="prev">
            ‹ 이전 글 <span>{prev.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={insightPaths.article.getHref(next.id)} rel="next">
            다음 글 › <span>{next.title}</span>
          </Link>
        ) : null}
      </nav>
    </article>
  );
}
