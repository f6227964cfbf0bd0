import { Section } from '@/components/ui/section';
import { toPaginatedList } from '@/lib/paginated-list';

import { useSecurityInsightArticles } from '../api/get-security-insight-articles';

import { ArticleList } from './article-list';

/** The insight articles about one stock (spec §7 "insight articles by security"). */
export function SecurityInsightArticles({ securityId }: { securityId: string }) {
  const list = toPaginatedList(
    useSecurityInsightArticles(securityId),
    (page) => page.articles,
    (page) => page.next_cursor,
  );
  // Nothing until there are articles (most stocks have none): the prerendered page and its
  // first render agree, and it comes last on the page, so its arrival moves nothing above it.
  if (list.entities.length === 0) return null;
  return (
    <Section title="인사이트" testId="security-insight">
      <ArticleList list={list} label="이 종목의 인사이트" />
    </Section>
  );
}
