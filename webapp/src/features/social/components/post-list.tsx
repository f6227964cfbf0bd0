import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import type { PaginatedList } from '@/lib/paginated-list';

import type { Post } from '../types';

import { PostItem } from './post-item';

type PostListProps = {
  list: PaginatedList<Post>;
  /** The address each post opens. */
  hrefOf: (post: Post) => string;
  label: string;
  emptyMessage: string;
  endMessage?: string;
};

/** Posts as an infinite list: the next page is asked for as its end scrolls into view. */
export function PostList({ list, hrefOf, label, emptyMessage, endMessage = '마지막 글입니다.' }: PostListProps) {
  return (
    <>
      <ul className="post-list" aria-label={label}>
        {list.entities.map((post) => (
          <li key={post.id}>
            <PostItem post={post} href={hrefOf(post)} />
          </li>
        ))}
      </ul>
      <PaginatedListFooter list={list} emptyMessage={emptyMessage} endMessage={endMessage} />
    </>
  );
}
