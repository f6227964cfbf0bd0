import { Link } from 'react-router';

import { formatNumber } from '@/lib/format';

import type { Post } from '../types';
import { HIDDEN_POST_MESSAGE } from '../utils/labels';

import { AuthorLine } from './author-line';
import { PostImages } from './post-images';
import { PostText } from './post-text';
import { ReactionBar } from './reaction-bar';

import './social.css';

/**
 * One post of a list: author, time and category, the text (a hidden post's reason instead,
 * for everyone but its author), pictures, 좋아요 / 싫어요 and the comment count. The text opens
 * the post at `href`.
 */
export function PostItem({ post, href }: { post: Post; href: string }) {
  const content = post.content ?? null;
  const withheld = content === null;
  return (
    <article className="post-item" data-post-id={post.id} aria-label={`${post.author.name}의 글`}>
      <Link className="post-item__link" to={href}>
        <AuthorLine author={post.author} createdAtMs={post.created_at_ms} category={post.category} sample={post.sample} />
        {withheld ? (
          <p className="post-item__hidden">
            {HIDDEN_POST_MESSAGE}
            {post.hidden ? <span className="post-item__hidden-reason"> · {post.hidden.reason}</span> : null}
          </p>
        ) : (
          <>
            {post.hidden ? <p className="post-item__hidden-own">숨겨진 글 · {post.hidden.reason}</p> : null}
            <PostText text={content ?? ''} className="post-text post-text--clamped" />
          </>
        )}
      </Link>
      <PostImages images={post.images} />
      <footer className="post-item__footer">
        <ReactionBar post={post} />
        <Link className="post-item__comments" to={`${href}#comments`}>
          댓글 <span>{formatNumber(post.comments_count)}</span>
        </Link>
      </footer>
    </article>
  );
}
