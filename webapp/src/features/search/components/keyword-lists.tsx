import type { ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { Section } from '@/components/ui/section';

import { useKeywordList } from '../api/get-keyword-lists';
import type { KeywordListKind } from '../api/query-keys';
import type { RankedKeyword } from '../types';

import { SearchTermLink } from './search-term-link';

import './search-terms.css';

const SECTIONS: Record<KeywordListKind, { title: string; testId: string; errorMessage: string }> = {
  issue: { title: '이슈 키워드', testId: 'issue-keywords', errorMessage: '이슈 키워드를 불러오지 못했습니다.' },
  popular: { title: '인기 검색어', testId: 'popular-keywords', errorMessage: '인기 검색어를 불러오지 못했습니다.' },
};

type KeywordListSectionProps = {
  kind: KeywordListKind;
  /** The list, once loaded and not empty. */
  children: (keywords: readonly RankedKeyword[]) => ReactNode;
};

/** A keyword list's section: loading, its error with 다시 시도, the list; nothing when there are none. */
function KeywordListSection({ kind, children }: KeywordListSectionProps) {
  const { title, testId, errorMessage } = SECTIONS[kind];
  const query = useKeywordList(kind);
  if (query.isSuccess && query.data.keywords.length === 0) return null;
  return (
    <Section title={title} testId={testId}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? (
        <LoadError error={query.error} fallbackMessage={errorMessage} onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess ? children(query.data.keywords) : null}
    </Section>
  );
}

/** 이슈 키워드: names rising in the news and searches, as chips; nothing when there are none. */
export function IssueKeywords() {
  return (
    <KeywordListSection kind="issue">
      {(keywords) => (
        <ul className="search-terms" aria-label={SECTIONS.issue.title}>
          {keywords.map(({ keyword }) => (
            <li key={keyword} className="search-terms__chip">
              <SearchTermLink term={keyword} className="search-terms__link search-terms__link--alone">
                <span aria-hidden="true">#</span>
                {keyword}
              </SearchTermLink>
            </li>
          ))}
        </ul>
      )}
    </KeywordListSection>
  );
}

/** 인기 검색어: the most searched in the last day, numbered 1 to 10 in two columns; nothing when there are none. */
export function PopularKeywords() {
  return (
    <KeywordListSection kind="popular">
      {(keywords) => (
        <ol className="search-popular" aria-label={SECTIONS.popular.title}>
          {keywords.map(({ keyword }, index) => (
            <li key={keyword}>
              <SearchTermLink term={keyword} className="search-popular__link">
                <span className={index < 3 ? 'search-popular__rank search-popular__rank--top' : 'search-popular__rank'}>
                  {index + 1}
                </span>
                <span className="search-popular__keyword">{keyword}</span>
              </SearchTermLink>
            </li>
          ))}
        </ol>
      )}
    </KeywordListSection>
  );
}
