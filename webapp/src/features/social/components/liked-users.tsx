import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { toPaginatedList } from '@/lib/paginated-list';

import { useLikedUsers } from '../api/get-liked-users';
import { avatarSrc } from '../utils/images';

import './social.css';

/** Who liked a post, the latest like first. */
export function LikedUsers({ postId }: { postId: number }) {
  const query = useLikedUsers(postId);
  const list = toPaginatedList(
    query,
    (page) => page.users,
    (page) => page.next_cursor,
  );
  return (
    <>
      <ul className="liked-users" aria-label="좋아요 누른 사람">
        {list.entities.map((user) => (
          <li key={user.id} className="liked-users__item">
            {user.avatar_url ? (
              <img className="author-line__avatar" src={avatarSrc(user.avatar_url)} alt="" loading="lazy" />
            ) : (
              <span className="author-line__avatar" aria-hidden="true" />
            )}
            <span>{user.name}</span>
            {user.sample ? <span className="social-badge">샘플</span> : null}
          </li>
        ))}
      </ul>
      <PaginatedListFooter list={list} emptyMessage="아직 좋아요를 누른 사람이 없습니다." />
    </>
  );
}
