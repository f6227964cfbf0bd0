import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';

import { useLatestArticles } from '../api/get-articles';
import { articleEntries } from '../utils/entries';

import { ArticleItem } from './article-item';

import './article-item.css';

export const LATEST_ARTICLES_LIMIT = 5;

type LatestArticlesProps = {
  securityId: string;
  /** Link to the full list (the 뉴스·공시 tab). */
  moreHref: string;
};

/** 최신 뉴스·공시: the few newest items on the overview, with a link to all of them. */
export function LatestArticles({ securityId, moreHref }: LatestArticlesProps) {
  const query = useLatestArticles(securityId, LATEST_ARTICLES_LIMIT);

  let body;
  if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  } else {
    const entries = articleEntries(query.data.articles);
    body =
      entries.length === 0 ? (
        <p className="loading">뉴스와 공시가 없습니다.</p>
      ) : (
        <ul className="article-list" data-testid="latest-articles">
          {entries.map((entry) => (
            <li key={entry.id}>
              <ArticleItem entry={entry} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <Section title="최신 뉴스·공시" more={{ to: moreHref, label: '더보기' }}>
      {body}
    </Section>
  );
}
