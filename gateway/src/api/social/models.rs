//! The community's JSON shapes (docs/api.md, "Community", "Shapes") made from the social
//! service's messages, and the bodies its writes take.

use serde::{Deserialize, Serialize};
use sise_proto::social::v1 as pb;
use utoipa::ToSchema;

use crate::api::params::{PostCategory, ReportReason, ReportTarget, SupportCategoryName};

/// Who wrote a post or comment.
#[derive(Debug, Serialize, ToSchema)]
pub struct Author {
    /// Negative for the sample members of the embedded default's boards.
    pub id: i64,
    /// The nickname; 탈퇴한 회원 for a member who seceded.
    pub name: String,
    /// The photo's path on the main host (`/api/avatars/{id}`); null without one.
    pub avatar_url: Option<String>,
    pub seceded: bool,
    /// A sample member (샘플), not a person.
    pub sample: bool,
}

impl From<pb::Author> for Author {
    fn from(a: pb::Author) -> Self {
        Self {
            id: a.id,
            name: a.name,
            // Identity names photos under the main host's one-origin prefix.
            avatar_url: Some(a.avatar_url)
                .filter(|url| !url.is_empty())
                .map(|url| url.trim_start_matches("/main").to_owned()),
            seceded: a.seceded,
            sample: a.sample,
        }
    }
}

fn author(a: Option<pb::Author>) -> Author {
    a.unwrap_or_default().into()
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum HiddenBy {
    /// Reported by enough distinct members: hidden pending an operator's review.
    Reports,
    Operator,
    /// Its author's contract was terminated.
    AuthorTerminated,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Objection {
    pub text: String,
    pub created_at_ms: i64,
}

/// Why a post or comment is hidden: readers see the reason (신고로 숨겨진 글입니다), the
/// author also the content, and may object once.
#[derive(Debug, Serialize, ToSchema)]
pub struct Hidden {
    pub by: HiddenBy,
    pub reason: String,
    pub objection: Option<Objection>,
    /// Whether the caller (the author) may object now.
    pub can_object: bool,
}

impl From<pb::Hidden> for Hidden {
    fn from(h: pb::Hidden) -> Self {
        Self {
            by: match h.by() {
                pb::HiddenBy::Operator => HiddenBy::Operator,
                pb::HiddenBy::AuthorTerminated => HiddenBy::AuthorTerminated,
                pb::HiddenBy::Reports | pb::HiddenBy::Unspecified => HiddenBy::Reports,
            },
            reason: h.reason,
            objection: h.objection.map(|o| Objection {
                text: o.text,
                created_at_ms: o.created_at_ms,
            }),
            can_object: h.can_object,
        }
    }
}

/// The caller's reaction (both false for a visitor).
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct MyEmotion {
    pub liked: bool,
    pub disliked: bool,
}

impl From<Option<pb::MyEmotion>> for MyEmotion {
    fn from(e: Option<pb::MyEmotion>) -> Self {
        let e = e.unwrap_or_default();
        Self {
            liked: e.liked,
            disliked: e.disliked,
        }
    }
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// 의견
    Opinion,
    /// 질문
    Question,
    /// 뉴스·공시
    News,
}

impl Category {
    fn from_proto(category: pb::Category) -> Self {
        match category {
            pb::Category::Question => Self::Question,
            pb::Category::News => Self::News,
            pb::Category::Opinion | pb::Category::Unspecified => Self::Opinion,
        }
    }
}

/// A post picture: `GET /api/v1/post_images/{id}?size=360|1280`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PostImage {
    pub id: String,
    /// Of the large (1280) rendition.
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Post {
    pub id: i64,
    pub security_id: String,
    pub category: Category,
    /// Plain text as written, line breaks kept (never markup); null while hidden, for
    /// readers other than its author.
    pub content: Option<String>,
    pub author: Author,
    /// Empty while hidden, for readers other than its author.
    pub images: Vec<PostImage>,
    pub likes_count: i64,
    pub dislikes_count: i64,
    pub comments_count: i64,
    pub my_emotion: MyEmotion,
    pub is_mine: bool,
    pub hidden: Option<Hidden>,
    /// Seeded sample content of the embedded default (샘플).
    pub sample: bool,
    pub created_at_ms: i64,
}

impl From<pb::Post> for Post {
    fn from(p: pb::Post) -> Self {
        Self {
            category: Category::from_proto(p.category()),
            id: p.id,
            security_id: p.security_id,
            content: (!p.content_withheld).then_some(p.content),
            author: author(p.author),
            images: p
                .images
                .into_iter()
                .map(|i| PostImage {
                    id: i.id,
                    width: i.width,
                    height: i.height,
                })
                .collect(),
            likes_count: p.likes_count,
            dislikes_count: p.dislikes_count,
            comments_count: p.comments_count,
            my_emotion: p.my_emotion.into(),
            is_mine: p.is_mine,
            hidden: p.hidden.map(Hidden::from),
            sample: p.sample,
            created_at_ms: p.created_at_ms,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PostPage {
    pub posts: Vec<Post>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// One post with its neighbours in the list it was opened from.
#[derive(Debug, Serialize, ToSchema)]
pub struct PostDetail {
    pub post: Post,
    /// The newer post of the same list; null at its start.
    pub prev_post_id: Option<i64>,
    /// The older post of the same list; null at its end.
    pub next_post_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PostBody {
    pub post: Post,
}

/// The members who like a post, the latest like first.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserPage {
    pub users: Vec<Author>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

impl From<pb::AuthorPage> for UserPage {
    fn from(page: pb::AuthorPage) -> Self {
        Self {
            users: page.authors.into_iter().map(Author::from).collect(),
            next_cursor: super::next_cursor(page.next_cursor),
        }
    }
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum CommentableType {
    Post,
    InsightArticle,
}

/// The post a comment of the member's own list belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct PostSummary {
    pub id: i64,
    pub security_id: String,
    /// The start of the post's text; empty while the post is hidden.
    pub excerpt: String,
    /// The post was deleted (the comment stays the member's).
    pub deleted: bool,
}

/// The insight article a comment of the member's own list belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct CommentedArticle {
    pub id: i64,
    /// Empty once the article is withdrawn.
    pub title: String,
    /// The article was withdrawn (the comment stays the member's).
    pub withdrawn: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Comment {
    pub id: i64,
    pub commentable_type: CommentableType,
    pub commentable_id: i64,
    /// The comment this replies to; null for a top-level comment.
    pub parent_id: Option<i64>,
    /// Plain text; null when deleted (삭제된 댓글입니다) or hidden (for readers other than
    /// its author).
    pub content: Option<String>,
    /// Deleted by its author while it had replies: kept under them.
    pub deleted: bool,
    pub author: Author,
    pub is_my_comment: bool,
    pub replies_count: i64,
    pub hidden: Option<Hidden>,
    pub sample: bool,
    pub created_at_ms: i64,
    /// In the member's own comments (`GET /api/v1/users/me/comments`) only: the post of a
    /// comment on a post.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub post: Option<PostSummary>,
    /// In the member's own comments only: the insight article of a comment on one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub insight_article: Option<CommentedArticle>,
}

impl From<pb::Comment> for Comment {
    fn from(c: pb::Comment) -> Self {
        let commentable = c.commentable.unwrap_or_default();
        Self {
            id: c.id,
            commentable_type: match commentable.r#type() {
                pb::ContentType::InsightArticle => CommentableType::InsightArticle,
                _ => CommentableType::Post,
            },
            commentable_id: commentable.id,
            parent_id: (c.parent_id != 0).then_some(c.parent_id),
            content: (!c.deleted && !c.content_withheld).then_some(c.content),
            deleted: c.deleted,
            author: author(c.author),
            is_my_comment: c.is_my_comment,
            replies_count: c.replies_count,
            hidden: c.hidden.map(Hidden::from),
            sample: c.sample,
            created_at_ms: c.created_at_ms,
            post: c.post.map(|p| PostSummary {
                id: p.id,
                security_id: p.security_id,
                excerpt: p.excerpt,
                deleted: p.deleted,
            }),
            insight_article: c.insight_article.map(|a| CommentedArticle {
                id: a.id,
                title: a.title,
                withdrawn: a.withdrawn,
            }),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommentPage {
    pub comments: Vec<Comment>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

impl From<pb::CommentPage> for CommentPage {
    fn from(page: pb::CommentPage) -> Self {
        Self {
            comments: page.comments.into_iter().map(Comment::from).collect(),
            next_cursor: super::next_cursor(page.next_cursor),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommentBody {
    pub comment: Comment,
}

/// A post's counts after a reaction, and the caller's reaction.
#[derive(Debug, Serialize, ToSchema)]
pub struct Reactions {
    pub likes_count: i64,
    pub dislikes_count: i64,
    pub my_emotion: MyEmotion,
}

impl From<pb::Reactions> for Reactions {
    fn from(r: pb::Reactions) -> Self {
        Self {
            likes_count: r.likes_count,
            dislikes_count: r.dislikes_count,
            my_emotion: r.my_emotion.into(),
        }
    }
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ReportedType {
    Post,
    Comment,
}

/// Spec §5's reasons.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ReportType {
    /// 상업적/홍보성
    Commercial,
    /// 불법정보
    Illegal,
    /// 음란성/선정성
    Obscene,
    /// 욕설/인신공격
    Abuse,
    /// 개인정보 노출
    Privacy,
    /// 같은 내용 반복 게시
    Repeated,
    /// 기타
    Other,
}

impl ReportType {
    /// The reason a client names (`invalid_report_type` otherwise).
    pub fn parse(text: &str) -> Option<pb::ReportType> {
        Some(match text {
            "commercial" => pb::ReportType::Commercial,
            "illegal" => pb::ReportType::Illegal,
            "obscene" => pb::ReportType::Obscene,
            "abuse" => pb::ReportType::Abuse,
            "privacy" => pb::ReportType::Privacy,
            "repeated" => pb::ReportType::Repeated,
            "other" => pb::ReportType::Other,
            _ => return None,
        })
    }

    fn from_proto(reason: pb::ReportType) -> Self {
        match reason {
            pb::ReportType::Commercial => Self::Commercial,
            pb::ReportType::Illegal => Self::Illegal,
            pb::ReportType::Obscene => Self::Obscene,
            pb::ReportType::Abuse => Self::Abuse,
            pb::ReportType::Privacy => Self::Privacy,
            pb::ReportType::Repeated => Self::Repeated,
            pb::ReportType::Other | pb::ReportType::Unspecified => Self::Other,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Report {
    #[serde(rename = "type")]
    pub target_type: ReportedType,
    pub id: i64,
    pub report_type: ReportType,
    /// The text of a 기타 report; empty otherwise.
    pub content: String,
    pub created_at_ms: i64,
}

impl From<pb::Report> for Report {
    fn from(r: pb::Report) -> Self {
        let target = r.target.unwrap_or_default();
        Self {
            target_type: match target.r#type() {
                pb::ContentType::Comment => ReportedType::Comment,
                _ => ReportedType::Post,
            },
            id: target.id,
            report_type: ReportType::from_proto(r.report_type()),
            content: r.content,
            created_at_ms: r.created_at_ms,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReportBody {
    pub report: Report,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HiddenBody {
    pub hidden: Hidden,
}

// ---- Request bodies ------------------------------------------------------------------

/// A new post as JSON (no pictures).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPost {
    /// Plain text, 1 to 1,000 characters once normalised (line breaks kept).
    #[serde(default)]
    #[schema(min_length = 1)]
    pub content: String,
    #[serde(default)]
    #[schema(value_type = PostCategory)]
    pub category: String,
}

/// A new post as a form, with its pictures.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct NewPostForm {
    /// Plain text, 1 to 1,000 characters once normalised (line breaks kept).
    #[schema(min_length = 1)]
    content: String,
    #[schema(value_type = PostCategory)]
    category: String,
    /// 0 to 4 pictures (JPEG, PNG, GIF or WebP), each at most 5 MB and 16,000,000 pixels.
    #[schema(value_type = Vec<String>, format = Binary, max_items = 4, required = false)]
    images: Vec<Vec<u8>>,
}

/// A comment or a reply.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewComment {
    /// Plain text, 1 to 300 characters once normalised.
    #[serde(default)]
    #[schema(min_length = 1)]
    pub content: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewReport {
    /// What is reported.
    #[serde(rename = "type", default)]
    #[schema(value_type = ReportTarget)]
    pub target_type: String,
    /// The post's or comment's id.
    #[serde(default)]
    #[schema(minimum = 1)]
    pub id: i64,
    #[serde(default)]
    #[schema(value_type = ReportReason)]
    pub report_type: String,
    /// Only with `other` (기타), at most 500 characters; empty otherwise.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub content: String,
}

/// The author's objection to a hiding.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewObjection {
    /// 1 to 1,000 characters.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 1000)]
    pub text: String,
}

/// A notice of the service (plain text, line breaks kept).
#[derive(Debug, Serialize, ToSchema)]
pub struct Notice {
    pub id: i64,
    pub title: String,
    pub body: String,
    pub published_at_ms: i64,
}

impl From<pb::Notice> for Notice {
    fn from(n: pb::Notice) -> Self {
        Self {
            id: n.id,
            title: n.title,
            body: n.body,
            published_at_ms: n.published_at_ms,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticePage {
    /// Newest first.
    pub notices: Vec<Notice>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticeBody {
    pub notice: Notice,
}

/// What a support message is about (문의 유형).
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SupportCategory {
    /// 서비스 이용
    Service,
    /// 계정·회원
    Account,
    /// 시세·데이터
    Market,
    /// 커뮤니티·신고
    Community,
    /// 오류 신고
    Bug,
    /// 기타
    Other,
}

impl SupportCategory {
    /// The category a client names (`invalid_support_category` otherwise).
    pub fn parse(text: &str) -> Option<pb::SupportCategory> {
        Some(match text {
            "service" => pb::SupportCategory::Service,
            "account" => pb::SupportCategory::Account,
            "market" => pb::SupportCategory::Market,
            "community" => pb::SupportCategory::Community,
            "bug" => pb::SupportCategory::Bug,
            "other" => pb::SupportCategory::Other,
            _ => return None,
        })
    }

    fn from_proto(category: pb::SupportCategory) -> Self {
        match category {
            pb::SupportCategory::Service => Self::Service,
            pb::SupportCategory::Account => Self::Account,
            pb::SupportCategory::Market => Self::Market,
            pb::SupportCategory::Community => Self::Community,
            pb::SupportCategory::Bug => Self::Bug,
            pb::SupportCategory::Other | pb::SupportCategory::Unspecified => Self::Other,
        }
    }
}

/// A member's message to the operators and its answer (plain text, line breaks kept).
#[derive(Debug, Serialize, ToSchema)]
pub struct SupportMessage {
    pub id: i64,
    pub category: SupportCategory,
    pub body: String,
    pub sent_at_ms: i64,
    /// Null until answered.
    pub answer: Option<String>,
    pub answered_at_ms: Option<i64>,
}

impl From<pb::SupportMessage> for SupportMessage {
    fn from(m: pb::SupportMessage) -> Self {
        let answered = m.answered_at_ms > 0;
        Self {
            id: m.id,
            category: SupportCategory::from_proto(m.category()),
            body: m.body,
            sent_at_ms: m.sent_at_ms,
            answer: answered.then_some(m.answer),
            answered_at_ms: answered.then_some(m.answered_at_ms),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SupportMessagePage {
    /// Newest first.
    pub messages: Vec<SupportMessage>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SupportMessageBody {
    pub message: SupportMessage,
}

/// A new message to the operators.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewSupportMessage {
    #[serde(default)]
    #[schema(value_type = SupportCategoryName)]
    pub category: String,
    /// 1 to 2,000 characters of plain text.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 2000)]
    pub body: String,
}
