import { Section } from '@/components/ui/section';

import { clearRecentSearches, removeRecentSearch, useRecentSearches } from '../hooks/use-recent-searches';

import { SearchTermLink } from './search-term-link';

import './search-terms.css';

/** 최근 검색어: this device's last searches, newest first, each with ✕; 전체 삭제 empties the list. */
export function RecentSearches() {
  const terms = useRecentSearches();
  return (
    <Section
      title="최근 검색어"
      testId="recent-searches"
      action={
        terms.length > 0 ? (
          <button type="button" className="search-terms__clear" onClick={clearRecentSearches}>
            전체 삭제
          </button>
        ) : null
      }
    >
      {terms.length === 0 ? (
        <p className="search-terms__empty">최근 검색어가 없습니다.</p>
      ) : (
        <ul className="search-terms" aria-label="최근 검색어">
          {terms.map((term) => (
            <li key={term} className="search-terms__chip">
              <SearchTermLink term={term} className="search-terms__link" />
              <button
                type="button"
                className="search-terms__remove"
                aria-label={`${term} 삭제`}
                onClick={() => removeRecentSearch(term)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
