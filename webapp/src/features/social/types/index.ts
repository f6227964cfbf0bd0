// Shapes of the community (docs/api.md, "Community"), from the API schema: aliases of the
// generated types, never written by hand.
import type { ApiResponse, components } from '@/lib/api';

type Schemas = components['schemas'];

export type Author = Schemas['Author'];
export type Hidden = Schemas['Hidden'];
export type Post = Schemas['Post'];
export type PostImage = Schemas['PostImage'];
export type PostCategory = Post['category'];
export type Comment = Schemas['Comment'];
export type Reactions = Schemas['Reactions'];
/** What comments and reactions are on (spec §3: the commentable type and id). */
export type CommentableType = Comment['commentable_type'];
export type Commentable = { type: CommentableType; id: number };
/** What the reaction buttons show: a post's or an insight article's counts. */
export type Reactable = Pick<Post, 'id' | 'likes_count' | 'dislikes_count' | 'my_emotion'> & {
  hidden?: Post['hidden'];
};
export type ReportType = Schemas['Report']['report_type'];
export type ReportedType = Schemas['Report']['type'];

export type PostPage = ApiResponse<'/api/v1/securities/{security_id}/posts'>;
export type MemberPostPage = ApiResponse<'/api/v1/posts'>;
export type PostDetail = ApiResponse<'/api/v1/posts/{id}'>;
export type LikedUserPage = ApiResponse<'/api/v1/posts/{id}/liked_users'>;
export type CommentPage = ApiResponse<'/api/v1/posts/{id}/comments'>;
export type MyCommentPage = ApiResponse<'/api/v1/users/me/comments'>;
export type Notice = Schemas['Notice'];
export type NoticePage = ApiResponse<'/api/v1/notices'>;
export type NoticeBody = ApiResponse<'/api/v1/notices/{id}'>;
export type SupportMessage = Schemas['SupportMessage'];
export type SupportCategory = SupportMessage['category'];
export type SupportMessagePage = ApiResponse<'/api/v1/support/messages'>;
export type SupportMessageBody = Schemas['SupportMessageBody'];
export type PostBody = Schemas['PostBody'];
export type CommentBody = Schemas['CommentBody'];
export type ReportBody = Schemas['ReportBody'];
export type HiddenBody = Schemas['HiddenBody'];

/** Whose posts a list holds: a board's (or every board's) or the member's own. */
export type PostScope = 'all' | 'mine';
/** 최신순 or 인기순 (spec §3 debate sort). */
export type PostSort = 'RECENT' | 'RANK_DESC';
/** A board's category filter: one category, or '' for 전체. */
export type CategoryFilter = PostCategory | '';
