import { Link, useParams, useSearchParams } from 'react-router';

import { socialPaths } from '@/config/social-paths';
import { Board } from '@/features/social/components/board';
import { WritePostButton } from '@/features/social/components/write-post-button';
import type { CategoryFilter, PostSort } from '@/features/social/types';
import { CATEGORY_FILTERS } from '@/features/social/utils/labels';

import { SocialViewerProvider } from '@/app/social/social-viewer';

/** The sort and category are in the address (`?sort=RANK_DESC&category=question`), so back keeps them. */
function readFilters(search: URLSearchParams): { sort: PostSort; category: CategoryFilter } {
  const sort: PostSort = search.get('sort') === 'RANK_DESC' ? 'RANK_DESC' : 'RECENT';
  const category = CATEGORY_FILTERS.find((filter) => filter.value === search.get('category'))?.value ?? '';
  return { sort, category };
}

/**
 * /m/stocks/:securityId/debates (토론): the board with 최신순 / 인기순 and the category chips,
 * live, 내 글 and the write-post button. Choosing a sort or a category replaces the address; a
 * new visit from the tab starts again at 최신순, 전체 (spec §4 "debates category select and sort
 * click/reset").
 */
export default function BoardRoute() {
  const { securityId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { sort, category } = readFilters(search);
  const change = (next: { sort: PostSort; category: CategoryFilter }) => {
    const params = new URLSearchParams();
    if (next.sort !== 'RECENT') params.set('sort', next.sort);
    if (next.category !== '') params.set('category', next.category);
    setSearch(params, { replace: true });
  };
  return (
    <SocialViewerProvider>
      <title>토론 : 시세</title>
      <div className="board-header">
        <span>종목토론</span>
        <Link to={socialPaths.myBoardPosts.getHref(securityId)}>내 글</Link>
      </div>
      <Board
        key={securityId}
        securityId={securityId}
        sort={sort}
        category={category}
        onSortChange={(value) => change({ sort: value, category })}
        onCategoryChange={(value) => change({ sort, category: value })}
      />
      <WritePostButton securityId={securityId} />
    </SocialViewerProvider>
  );
}
