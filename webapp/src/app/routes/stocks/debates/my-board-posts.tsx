import { useParams, useSearchParams } from 'react-router';

import { SignInPrompt } from '@/features/identity/components/sign-in-prompt';
import { useRequireLogin } from '@/features/identity/login';
import { Board } from '@/features/social/components/board';
import type { CategoryFilter, PostSort } from '@/features/social/types';
import { CATEGORY_FILTERS } from '@/features/social/utils/labels';

import { SocialViewerProvider } from '@/app/social/social-viewer';

/** /m/stocks/:securityId/debates/posts: the member's own posts on this board (scope mine), hidden ones too. */
export default function MyBoardPostsRoute() {
  const { securityId = '' } = useParams();
  const signedIn = useRequireLogin();
  const [search, setSearch] = useSearchParams();
  const sort: PostSort = search.get('sort') === 'RANK_DESC' ? 'RANK_DESC' : 'RECENT';
  const category: CategoryFilter = CATEGORY_FILTERS.find((filter) => filter.value === search.get('category'))?.value ?? '';
  const change = (next: { sort: PostSort; category: CategoryFilter }) => {
    const params = new URLSearchParams();
    if (next.sort !== 'RECENT') params.set('sort', next.sort);
    if (next.category !== '') params.set('category', next.category);
    setSearch(params, { replace: true });
  };
  return (
    <SocialViewerProvider>
      <title>내 글 : 시세</title>
      <h2 className="page-section-title">내 글</h2>
      {signedIn ? (
        <Board
          securityId={securityId}
          scope="mine"
          sort={sort}
          category={category}
          onSortChange={(value) => change({ sort: value, category })}
          onCategoryChange={(value) => change({ sort, category: value })}
        />
      ) : (
        <SignInPrompt />
      )}
    </SocialViewerProvider>
  );
}
