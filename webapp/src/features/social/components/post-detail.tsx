import { Link, useNavigate } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { socialPaths } from '@/config/social-paths';
import { ShareButton } from '@/components/share/share-button';
import { formatNumber } from '@/lib/format';

import { useDeletePost } from '../api/delete-post';
import { usePost } from '../api/get-post';
import type { Post, PostScope } from '../types';
import { alertError } from '../utils/alert-error';
import { DELETE_CONFIRM_MESSAGE } from '../utils/labels';
import { useMemberAction, usePendingAction } from '../viewer';

import { AuthorLine } from './author-line';
import { CommentSection } from './comment-section';
import { HiddenNotice } from './hidden-notice';
import { PostImages } from './post-images';
import { PostText } from './post-text';
import { ReactionBar } from './reaction-bar';

import './social.css';

type PostDetailProps = {
  postId: number;
  /** The list it was opened from: its neighbours are that list's (내 글: the member's own). */
  scope: PostScope;
  /** The address of another post of the same list. */
  hrefOf: (post: { id: number; security_id: string }) => string;
  /** Where to go once the member deleted it: the post's board. */
  afterDelete: (post: Post) => string;
};

/**
 * One post (spec §2 debate detail): author, time, category, the text with its links and
 * pictures, 좋아요 / 싫어요 with who liked it, the previous and next posts of the list, the
 * comments. Its menu deletes the member's own (after a confirm) or reports another's. A hidden
 * post shows its reason; its author may object.
 */
export function PostDetail({ postId, scope, hrefOf, afterDelete }: PostDetailProps) {
  const query = usePost(postId, scope);
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return <LoadError error={query.error} fallbackMessage="글을 불러오지 못했습니다." onRetry={() => void query.refetch()} />;
  }
  const { post } = query.data;
  const prev = query.data.prev_post_id ?? null;
  const next = query.data.next_post_id ?? null;
  return (
    <article className="post-detail" aria-label={`${post.author.name}의 글`} data-post-id={post.id}>
      <PostBody post={post} afterDelete={afterDelete} />
      <nav className="post-detail__neighbours" aria-label="이전 글, 다음 글">
        {prev !== null ? (
          <Link className="post-detail__neighbour" to={hrefOf({ id: prev, security_id: post.security_id })} replace>
            ‹ 이전 글
          </Link>
        ) : (
          <span />
        )}
        {next !== null ? (
          <Link className="post-detail__neighbour" to={hrefOf({ id: next, security_id: post.security_id })} replace>
            다음 글 ›
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <CommentSection on={{ type: 'post', id: post.id }} commentsCount={post.comments_count} open={!post.hidden} />
    </article>
  );
}

function PostBody({ post, afterDelete }: { post: Post; afterDelete: PostDetailProps['afterDelete'] }) {
  const navigate = useNavigate();
  const remove = useDeletePost();
  const asMember = useMemberAction();
  const report = () =>
    asMember({ kind: 'report', type: 'post', id: post.id }, () =>
      openModal({ type: 'report', props: { type: 'post', id: post.id } }),
    );
  usePendingAction(
    (action) => action.kind === 'report' && action.type === 'post' && action.id === post.id,
    () => openModal({ type: 'report', props: { type: 'post', id: post.id } }),
  );
  const openMenu = () =>
    openModal({
      type: 'postSetting',
      props: {
        mine: post.is_mine,
        onReport: report,
        onDelete: () =>
          openModal({
            type: 'confirm',
            props: {
              message: DELETE_CONFIRM_MESSAGE,
              confirmLabel: '삭제',
              onConfirm: () =>
                remove.mutate(post.id, {
                  onSuccess: () => void navigate(afterDelete(post), { replace: true }),
                  onError: alertError,
                }),
            },
          }),
      },
    });

  return (
    <div className="post-detail__body">
      <div className="post-detail__head">
        <AuthorLine author={post.author} createdAtMs={post.created_at_ms} category={post.category} sample={post.sample} />
        <ShareButton />
        <button type="button" className="comment__menu" aria-label="글 메뉴" onClick={openMenu}>
          <span aria-hidden="true">⋯</span>
        </button>
      </div>
      {post.hidden ? <HiddenNotice hidden={post.hidden} mine={post.is_mine} target={{ type: 'post', id: post.id }} /> : null}
      {post.content ? <PostText text={post.content} /> : null}
      <PostImages images={post.images} />
      <div className="post-detail__reactions">
        <ReactionBar post={post} />
        {post.likes_count > 0 ? (
          <Link className="post-detail__likers" to={socialPaths.likedUsers.getHref(post.security_id, post.id)}>
            좋아요 {formatNumber(post.likes_count)}명 보기
          </Link>
        ) : null}
      </div>
    </div>
  );
}
