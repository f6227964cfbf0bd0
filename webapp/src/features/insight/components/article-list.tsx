import { Link } from 'react-router';

import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { insightPaths } from '@/config/insight-paths';
import { formatFullDay, toKoreaDateString } from '@/lib/format';
import type { PaginatedList } from '@/lib/paginated-list';

import type { InsightArticle } from '../types';

import './insight.css';

export function publishedOn(epochMs: number): string {
  return formatFullDay(toKoreaDateString(epochMs));
}

/** 샘플: seeded sample commentary of the embedded default, never shown as anyone's real view. */
export function SampleBadge({ sample }: { sample: boolean }) {
  return sample ? <span className="insight-sample">샘플</span> : null;
}

/** 자동 작성: written by the service itself (the daily market recap), no person behind it. */
export function AutomatedBadge({ automated }: { automated: boolean }) {
  return automated ? <span className="insight-sample insight-automated">자동 작성</span> : null;
}

/** One article in a list: its title, the start of its text, its contributor and date. */
export function ArticleRow({ article }: { article: InsightArticle }) {
  return (
    <Link className="insight-row" to={insightPaths.article.getHref(article.id)}>
      <span className="insight-row__title">
        {article.title} <SampleBadge sample={article.sample} />
        <AutomatedBadge automated={article.contributor.automated} />
      </span>
      <span className="insight-row__summary">{article.summary}</span>
      <span className="insight-row__meta">
        {article.contributor.name} · {publishedOn(article.published_at_ms)} · 좋아요 {article.likes_count} · 댓글{' '}
        {article.comments_count}
      </span>
    </Link>
  );
}

/** A paged list of articles, 10 at a time as the end scrolls into view. */
export function ArticleList({ list, label }: { list: PaginatedList<InsightArticle>; label: string }) {
  return (
    <>
      <ul className="insight-list" aria-label={label}>
        {list.entities.map((article) => (
          <li key={article.id}>
            <ArticleRow article={article} />
          </li>
        ))}
      </ul>
      <PaginatedListFooter list={list} emptyMessage="아직 인사이트 글이 없습니다." endMessage="마지막 글입니다." />
    </>
  );
}
