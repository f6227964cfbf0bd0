import { Section } from '@/components/ui/section';
import { toPaginatedList } from '@/lib/paginated-list';

import { useInsightArticleSearch } from '../api/search-insight-articles';

import { ArticleList } from './article-list';

/** 인사이트 results of a search (spec §7: keyword, cursor, limit 10). */
export function InsightSearchResults({ keyword }: { keyword: string }) {
  const list = toPaginatedList(
    useInsightArticleSearch(keyword),
    (page) => page.articles,
    (page) => page.next_cursor,
  );
  // A kind of result that found nothing is left out, as the others are.
  if (list.reachedEnd && list.entities.length === 0) return null;
  return (
    <Section title="인사이트" testId="insight-results">
      <ArticleList list={list} label="인사이트 검색 결과" />
    </Section>
  );
}
