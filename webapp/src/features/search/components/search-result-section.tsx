import type { ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { Section } from '@/components/ui/section';
import type { PaginatedList } from '@/lib/paginated-list';

type SearchResultSectionProps = {
  title: string;
  testId: string;
  /** The section's list (one search call); `children` show its entities. */
  list: PaginatedList<unknown>;
  children: ReactNode;
};

/**
 * One kind of search result (종목·지수·환율, 뉴스, …) as a section of the results page: loading,
 * the error of its first page with a retry, nothing at all when it found nothing (the page
 * says when no section found anything), otherwise its entities and 더보기 while there are more.
 */
export function SearchResultSection({ title, testId, list, children }: SearchResultSectionProps) {
  if (list.pageCount === 0) {
    return (
      <Section title={title} testId={testId}>
        {list.isError ? (
          <LoadError error={list.error} fallbackMessage={`${title} 결과를 불러오지 못했습니다.`} onRetry={list.retry} />
        ) : (
          <Loading />
        )}
      </Section>
    );
  }
  if (list.entities.length === 0) return null;
  return (
    <Section title={title} testId={testId}>
      {children}
      <PaginatedListFooter list={list} loadMoreBy="button" errorMessage={`${title} 결과를 더 불러오지 못했습니다.`} />
    </Section>
  );
}
