import { useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';

import { normalizeKeyword } from '../utils/keyword';

import { recordRecentSearch } from './use-recent-searches';

/**
 * Runs a search: records the term in 최근 검색어 and opens its results
 * (`/m/search/query?keyword=…`). A blank term does nothing; the same search again replaces
 * the history entry instead of adding one.
 */
export function useRunSearch(): (term: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (term: string) => {
    const keyword = normalizeKeyword(term);
    if (keyword === '') return;
    recordRecentSearch(keyword);
    const href = paths.searchQuery.getHref(keyword);
    void navigate(href, { replace: `${location.pathname}${location.search}` === href });
  };
}
