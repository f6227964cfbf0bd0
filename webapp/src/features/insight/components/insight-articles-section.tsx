import type { ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { toPaginatedList } from '@/lib/paginated-list';

import { useFeaturedInsightArticles, useInsightArticles } from '../api/get-insight-articles';

import { ArticleList, ArticleRow } from './article-list';

import './insight.css';

/**
 * The index's insight articles (/m/investing_strategies): 추천 인사이트 (the featured ones) and
 * 최신 인사이트 (every article, newest first, 10 a page), with `beforeNewest` (the index's topics)
 * between them: the newest list grows as it scrolls, so it comes last.
 */
export function InsightArticlesSection({ beforeNewest }: { beforeNewest?: ReactNode }) {
  const featured = useFeaturedInsightArticles();
  const newest = toPaginatedList(
    useInsightArticles(),
    (page) => page.articles,
    (page) => page.next_cursor,
  );
  return (
    <>
      <Section title="추천 인사이트" testId="featured-insight">
        {featured.isError ? (
          <LoadError error={featured.error} onRetry={() => void featured.refetch()} />
        ) : (
          <ul className="insight-list" aria-label="추천 인사이트">
            {(featured.data?.articles ?? []).map((article) => (
              <li key={article.id}>
                <ArticleRow article={article} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      {beforeNewest}
      <Section title="최신 인사이트" testId="newest-insight">
        <ArticleList list={newest} label="최신 인사이트" />
      </Section>
    </>
  );
}

/**
 * The home page's link to the featured articles: the newest three and 더보기. Nothing until
 * they are known (the prerendered page has none, and its first render must agree).
 */
export function FeaturedInsightPreview({ moreHref }: { moreHref: string }) {
  const featured = useFeaturedInsightArticles(3);
  if (!featured.data?.articles.length) return null;
  return (
    <Section title="인사이트" more={{ to: moreHref, label: '더보기' }} testId="home-insight">
      <ul className="insight-list insight-list--preview" aria-label="추천 인사이트">
        {(featured.data?.articles ?? []).map((article) => (
          <li key={article.id}>
            <ArticleRow article={article} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
