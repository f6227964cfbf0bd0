import { Link } from 'react-router';

import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { insightPaths } from '@/config/insight-paths';
import { socialPaths } from '@/config/social-paths';
import { formatPublishedAt } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';

import { useMyPosts } from '../api/get-member-posts';
import { useMyComments } from '../api/get-my-comments';
import type { Comment, Post } from '../types';
import { CATEGORY_LABELS, DELETED_COMMENT_MESSAGE } from '../utils/labels';

import './social.css';

type MyListProps = {
  /** Only the newest this many: one page, never a next one (MY's sections); the whole list otherwise. */
  preview?: number;
  /** A stock's name by its id, where known (the app provides it). */
  stockName?: (securityId: string) => string | undefined;
};

/** The first line of a text, for a one-row summary. */
const firstLine = (text: string | null | undefined) => (text ?? '').split('\n', 1)[0] ?? '';

/** MY 내가 쓴 글: the member's posts on every board, newest first, each opening on its board. */
export function MyPostList({ preview, stockName }: MyListProps) {
  const list = toPaginatedList(
    useMyPosts(preview ? { limit: preview } : {}),
    (page) => page.posts,
    (page) => page.next_cursor,
  );
  const posts = preview ? list.entities.slice(0, preview) : list.entities;
  return (
    <>
      <ul className="my-activity" aria-label="내가 쓴 글">
        {posts.map((post) => (
          <li key={post.id}>
            <MyPostRow post={post} stock={stockName?.(post.security_id)} />
          </li>
        ))}
      </ul>
      <PaginatedListFooter
        list={preview ? { ...list, reachedEnd: list.reachedEnd || list.pageCount > 0 } : list}
        emptyMessage="아직 쓴 글이 없습니다."
        endMessage={preview ? undefined : '마지막 글입니다.'}
      />
    </>
  );
}

function MyPostRow({ post, stock }: { post: Post; stock: string | undefined }) {
  return (
    <Link className="my-activity__row" to={`${socialPaths.boardPost.getHref(post.security_id, post.id)}?scope=mine`}>
      <span className="my-activity__meta">
        {stock ?? post.security_id} · {CATEGORY_LABELS[post.category]} · {formatPublishedAt(post.created_at_ms)}
        {post.hidden ? <span className="my-activity__flag"> · 숨겨짐</span> : null}
      </span>
      <span className="my-activity__text">{firstLine(post.content)}</span>
    </Link>
  );
}

/** MY 내 댓글: the member's comments, newest first, each opening its post or insight article. */
export function MyCommentList({ preview, stockName }: MyListProps) {
  const list = toPaginatedList(
    useMyComments(preview ? { limit: preview } : {}),
    (page) => page.comments,
    (page) => page.next_cursor,
  );
  const comments = preview ? list.entities.slice(0, preview) : list.entities;
  return (
    <>
      <ul className="my-activity" aria-label="내 댓글">
        {comments.map((comment) => (
          <li key={comment.id}>
            <MyCommentRow comment={comment} stockName={stockName} />
          </li>
        ))}
      </ul>
      <PaginatedListFooter
        list={preview ? { ...list, reachedEnd: list.reachedEnd || list.pageCount > 0 } : list}
        emptyMessage="아직 쓴 댓글이 없습니다."
        endMessage={preview ? undefined : '마지막 댓글입니다.'}
      />
    </>
  );
}

function MyCommentRow({ comment, stockName }: { comment: Comment; stockName: MyListProps['stockName'] }) {
  const text = comment.deleted ? DELETED_COMMENT_MESSAGE : firstLine(comment.content);
  const article = comment.insight_article;
  if (article) {
    const meta = (
      <span className="my-activity__meta">
        인사이트 · {formatPublishedAt(comment.created_at_ms)}
        {comment.hidden ? <span className="my-activity__flag"> · 숨겨짐</span> : null}
      </span>
    );
    if (article.withdrawn) {
      return (
        <div className="my-activity__row">
          {meta}
          <span className="my-activity__text">{text}</span>
          <span className="my-activity__excerpt">내려간 글의 댓글</span>
        </div>
      );
    }
    return (
      <Link className="my-activity__row" to={`${insightPaths.article.getHref(article.id)}#comments`}>
        {meta}
        <span className="my-activity__text">{text}</span>
        <span className="my-activity__excerpt">{article.title}</span>
      </Link>
    );
  }
  const post = comment.post;
  const meta = (
    <span className="my-activity__meta">
      {post ? `${stockName?.(post.security_id) ?? post.security_id} · ` : ''}
      {formatPublishedAt(comment.created_at_ms)}
      {comment.hidden ? <span className="my-activity__flag"> · 숨겨짐</span> : null}
    </span>
  );
  if (!post || post.deleted) {
    return (
      <div className="my-activity__row">
        {meta}
        <span className="my-activity__text">{text}</span>
        <span className="my-activity__excerpt">삭제된 글의 댓글</span>
      </div>
    );
  }
  return (
    <Link className="my-activity__row" to={`${socialPaths.boardPost.getHref(post.security_id, post.id)}#comments`}>
      {meta}
      <span className="my-activity__text">{text}</span>
      <span className="my-activity__excerpt">{post.excerpt}</span>
    </Link>
  );
}
