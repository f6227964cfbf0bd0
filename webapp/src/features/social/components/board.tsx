import { SegmentedControl } from '@/components/ui/segmented-control';
import { socialPaths } from '@/config/social-paths';
import { toPaginatedList } from '@/lib/paginated-list';

import { useBoardPosts } from '../api/get-board-posts';
import { useBoardStream } from '../hooks/use-board-stream';
import type { CategoryFilter, PostScope, PostSort } from '../types';
import { CATEGORY_FILTERS, SORT_OPTIONS } from '../utils/labels';

import { PostList } from './post-list';

type BoardProps = {
  securityId: string;
  /** `mine`: the member's own posts on this board (내 글). */
  scope?: PostScope;
  sort: PostSort;
  category: CategoryFilter;
  onSortChange: (sort: PostSort) => void;
  onCategoryChange: (category: CategoryFilter) => void;
};

/**
 * A stock's board (토론): 최신순 / 인기순 and the category chips (spec §4 "debates category
 * select and sort click/reset"), then the posts as an infinite list. The whole board (scope all)
 * is live: new posts join its front, deleted ones leave it.
 */
export function Board({ securityId, scope = 'all', sort, category, onSortChange, onCategoryChange }: BoardProps) {
  const query = useBoardPosts(securityId, { scope, sort, category });
  useBoardStream(securityId, { enabled: scope === 'all' });
  const list = toPaginatedList(
    query,
    (page) => page.posts,
    (page) => page.next_cursor,
  );
  const hrefOf = (post: { id: number }) =>
    `${socialPaths.boardPost.getHref(securityId, post.id)}${scope === 'mine' ? '?scope=mine' : ''}`;
  return (
    <div className="board" data-testid="board">
      <div className="board__controls">
        <SegmentedControl options={SORT_OPTIONS} value={sort} onChange={onSortChange} label="정렬" />
        <SegmentedControl options={CATEGORY_FILTERS} value={category} onChange={onCategoryChange} label="말머리" />
      </div>
      <PostList
        list={list}
        hrefOf={hrefOf}
        label={scope === 'mine' ? '내 글' : '토론 글'}
        emptyMessage={scope === 'mine' ? '이 종목에 쓴 글이 없습니다.' : '아직 글이 없습니다. 첫 글을 남겨보세요.'}
      />
    </div>
  );
}
