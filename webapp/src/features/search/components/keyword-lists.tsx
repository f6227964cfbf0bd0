import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { Section } from '@/components/ui/section';

import { useIssueKeywords } from '../api/get-issue-keywords';
import { usePopularKeywords } from '../api/get-popular-keywords';

import { SearchTermLink } from './search-term-link';

import './search-terms.css';

/** 이슈 키워드: names rising in the news and searches, as chips; nothing when there are none. */
export function IssueKeywords() {
  const query = useIssueKeywords();
  if (query.isSuccess && query.data.keywords.length === 0) return null;
  return (
    <Section title="이슈 키워드" testId="issue-keywords">
      {query.isPending ? <Loading /> : null}
      {query.isError ? (
        <LoadError error={query.error} fallbackMessage="이슈 키워드를 불러오지 못했습니다." onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess ? (
        <ul className="search-terms" aria-label="이슈 키워드">
          {query.data.keywords.map(({ keyword }) => (
            <li key={keyword} className="search-terms__chip">
              <SearchTermLink term={keyword} className="search-terms__link search-terms__link--alone">
                <span aria-hidden="true">#</span>
                {keyword}
              </SearchTermLink>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

/** 인기 검색어: the most searched in the last day, numbered 1 to 10 in two columns; nothing when there are none. */
export function PopularKeywords() {
  const query = usePopularKeywords();
  if (query.isSuccess && query.data.keywords.length === 0) return null;
  return (
    <Section title="인기 검색어" testId="popular-keywords">
      {query.isPending ? <Loading /> : null}
      {query.isError ? (
        <LoadError error={query.error} fallbackMessage="인기 검색어를 불러오지 못했습니다." onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess ? (
        <ol className="search-popular" aria-label="인기 검색어">
          {query.data.keywords.map(({ keyword }, index) => (
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
      ) : null}
    </Section>
  );
}
