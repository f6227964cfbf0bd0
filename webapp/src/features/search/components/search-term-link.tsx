import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { recordRecentSearch } from '../hooks/use-recent-searches';

type SearchTermLinkProps = {
  term: string;
  className?: string;
  children?: ReactNode;
};

/** A link that runs the search for `term` (its results page), recording it in 최근 검색어. */
export function SearchTermLink({ term, className, children }: SearchTermLinkProps) {
  return (
    <Link className={className} to={paths.searchQuery.getHref(term)} onClick={() => recordRecentSearch(term)}>
      {children ?? term}
    </Link>
  );
}
