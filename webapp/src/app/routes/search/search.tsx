import { useState } from 'react';

import { IssueKeywords, PopularKeywords } from '@/features/search/components/keyword-lists';
import { RecentSearches } from '@/features/search/components/recent-searches';
import { SearchBox } from '@/features/search/components/search-box';
import { normalizeKeyword } from '@/features/search/utils/keyword';

/**
 * /m/search: the search box, ready to type in. While it is blank: 최근 검색어, 이슈 키워드 and
 * 인기 검색어 (each term runs its search); once something is typed, suggestions.
 */
export default function SearchRoute() {
  const [text, setText] = useState('');
  return (
    <>
      <title>검색 : 시세</title>
      <h1 className="visually-hidden">검색</h1>
      <SearchBox value={text} onValueChange={setText} autoFocus />
      {normalizeKeyword(text) === '' ? (
        <>
          <RecentSearches />
          <IssueKeywords />
          <PopularKeywords />
        </>
      ) : null}
    </>
  );
}
