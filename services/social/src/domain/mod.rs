//! The community's value types, parsed once at the edge: security ids, categories, list
//! scopes and sorts, target kinds, reactions, report reasons and why content is hidden;
//! with the rules of what members write (`text`), the stored rank (`rank`), page cursors
//! (`cursor`) and the KST day of the daily limits.

pub mod cursor;
pub mod insight;
pub mod rank;
pub mod recap;
pub mod text;

use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::time::KST;
use sise_proto::social::v1 as pb;

/// Readers see this name for a member who seceded (spec §4); the content stays.
pub const SECEDED_NAME: &str = "탈퇴한 회원";
/// The reason shown while content reported by enough members waits for an operator.
pub const REPORTED_REASON: &str = "신고가 누적되어 검토 중인 글입니다.";
/// The reason shown on the content of a member whose contract was terminated.
pub const TERMINATED_REASON: &str = "이용이 제한된 회원의 글입니다.";

/// The community's rules (`services.social.community`; docs/api.md, "Community", the
/// choices the spec left open).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(default)]
pub struct CommunitySettings {
    /// Characters a post may have.
    pub post_max_chars: usize,
    /// Characters a comment may have.
    pub comment_max_chars: usize,
    /// Pictures a post may have.
    pub images_per_post: usize,
    /// Bytes one picture may have as uploaded.
    pub image_max_bytes: usize,
    /// Posts a member may write in one KST day.
    pub daily_posts: i64,
    /// Comments (replies included) a member may write in one KST day.
    pub daily_comments: i64,
    /// The same text from the same member within this many seconds is `duplicate_content`.
    pub duplicate_window_secs: i64,
    /// Distinct members whose reports hide content pending review.
    pub hide_after_reporters: i64,
    /// Tasks writing text posts together (`store::post_batch`), each for its share of the
    /// members: while one batch waits for its commit, another is written.
    pub post_writers: usize,
}

impl Default for CommunitySettings {
    fn default() -> Self {
        Self {
            post_max_chars: 1000,
            comment_max_chars: 300,
            images_per_post: 4,
            image_max_bytes: 5 * 1024 * 1024,
            daily_posts: 30,
            daily_comments: 50,
            duplicate_window_secs: 600,
            hide_after_reporters: 5,
            post_writers: 4,
        }
    }
}

/// A stock's board: `KOREA-A005930` (board, dash, `A` and the 6-character KRX code), the
/// market's identifier scheme (docs/architecture.md, "Identifiers"). Whether market lists
/// it is asked of market (`crate::securities`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SecurityId(String);

impl SecurityId {
    pub fn parse(text: &str) -> Result<Self, DomainError> {
        let code = text
            .strip_prefix("KOREA-A")
            .filter(|code| {
                code.len() == 6
                    && code
                        .bytes()
                        .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
            })
            .ok_or_else(|| DomainError::from(ErrorCode::InvalidSecurityId))?;
        debug_assert_eq!(code.len(), 6);
        Ok(Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A board category (말머리).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Opinion,
    Question,
    News,
}

impl Category {
    /// A filter: unspecified is every category.
    pub fn filter(value: i32) -> Result<Option<Self>, DomainError> {
        match pb::Category::try_from(value) {
            Ok(pb::Category::Unspecified) => Ok(None),
            _ => Self::required(value).map(Some),
        }
    }

    /// A post's: one of the three.
    pub fn required(value: i32) -> Result<Self, DomainError> {
        match pb::Category::try_from(value) {
            Ok(pb::Category::Opinion) => Ok(Self::Opinion),
            Ok(pb::Category::Question) => Ok(Self::Question),
            Ok(pb::Category::News) => Ok(Self::News),
            _ => Err(ErrorCode::InvalidCategory.into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Opinion => "opinion",
            Self::Question => "question",
            Self::News => "news",
        }
    }

    pub fn from_db(text: &str) -> Self {
        match text {
            "question" => Self::Question,
            "news" => Self::News,
            _ => Self::Opinion,
        }
    }

    pub fn proto(self) -> pb::Category {
        match self {
            Self::Opinion => pb::Category::Opinion,
            Self::Question => pb::Category::Question,
            Self::News => pb::Category::News,
        }
    }
}

/// Whose posts a list holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    All,
    Mine,
}

impl Scope {
    pub fn parse(value: i32) -> Result<Self, DomainError> {
        match pb::Scope::try_from(value) {
            Ok(pb::Scope::Unspecified | pb::Scope::All) => Ok(Self::All),
            Ok(pb::Scope::Mine) => Ok(Self::Mine),
            Err(_) => Err(ErrorCode::InvalidScope.into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::All => "all",
            Self::Mine => "mine",
        }
    }
}

/// A list's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sort {
    /// Newest first.
    Recent,
    /// The stored hot rank, highest first (`rank`).
    Rank,
}

impl Sort {
    pub fn parse(value: i32) -> Result<Self, DomainError> {
        match pb::Sort::try_from(value) {
            Ok(pb::Sort::Unspecified | pb::Sort::Recent) => Ok(Self::Recent),
            Ok(pb::Sort::RankDesc) => Ok(Self::Rank),
            Err(_) => Err(ErrorCode::InvalidSort.into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Recent => "recent",
            Self::Rank => "rank",
        }
    }
}

/// What can be reported, hidden, objected to and moderated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Post,
    Comment,
}

impl Kind {
    /// A post or comment (spec §3 report type); anything else `invalid_content_type` (an
    /// insight article is the service's own, published by operators: not reported).
    pub fn parse(value: i32) -> Result<Self, DomainError> {
        match pb::ContentType::try_from(value) {
            Ok(pb::ContentType::Post) => Ok(Self::Post),
            Ok(pb::ContentType::Comment) => Ok(Self::Comment),
            _ => Err(ErrorCode::InvalidContentType.into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Post => "post",
            Self::Comment => "comment",
        }
    }

    pub fn from_db(text: &str) -> Self {
        if text == "comment" {
            Self::Comment
        } else {
            Self::Post
        }
    }

    pub fn proto(self) -> pb::ContentType {
        match self {
            Self::Post => pb::ContentType::Post,
            Self::Comment => pb::ContentType::Comment,
        }
    }

    pub fn reference(self, id: i64) -> pb::ContentRef {
        pb::ContentRef {
            r#type: self.proto() as i32,
            id,
        }
    }

    /// The answer for a target of this kind that does not exist (or is not the caller's
    /// to change).
    pub fn not_found(self) -> DomainError {
        match self {
            Self::Post => ErrorCode::PostNotFound.into(),
            Self::Comment => ErrorCode::CommentNotFound.into(),
        }
    }
}

/// What comments and reactions are on (spec §3: the commentable type and id): a post or
/// an insight article. Both keep their counters in their own row, moved in the
/// transaction of the comment or reaction under that row's lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Commentable {
    Post(i64),
    InsightArticle(i64),
}

impl Commentable {
    /// A post or an insight article; anything else `invalid_content_type`.
    pub fn parse(reference: Option<&pb::ContentRef>) -> Result<Self, DomainError> {
        let reference =
            reference.ok_or_else(|| DomainError::from(ErrorCode::InvalidContentType))?;
        match pb::ContentType::try_from(reference.r#type) {
            Ok(pb::ContentType::Post) => Ok(Self::Post(reference.id)),
            Ok(pb::ContentType::InsightArticle) => Ok(Self::InsightArticle(reference.id)),
            _ => Err(ErrorCode::InvalidContentType.into()),
        }
    }

    pub fn id(self) -> i64 {
        match self {
            Self::Post(id) | Self::InsightArticle(id) => id,
        }
    }

    /// Its `commentable_type` / `target_type` in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Post(_) => "post",
            Self::InsightArticle(_) => "insight_article",
        }
    }

    pub fn from_db(kind: &str, id: i64) -> Self {
        if kind == "insight_article" {
            Self::InsightArticle(id)
        } else {
            Self::Post(id)
        }
    }

    /// The table holding its row and counters.
    pub fn table(self) -> &'static str {
        match self {
            Self::Post(_) => "posts",
            Self::InsightArticle(_) => "insight_articles",
        }
    }

    pub fn reference(self) -> pb::ContentRef {
        let kind = match self {
            Self::Post(_) => pb::ContentType::Post,
            Self::InsightArticle(_) => pb::ContentType::InsightArticle,
        };
        pb::ContentRef {
            r#type: kind as i32,
            id: self.id(),
        }
    }

    pub fn not_found(self) -> DomainError {
        match self {
            Self::Post(_) => ErrorCode::PostNotFound.into(),
            Self::InsightArticle(_) => ErrorCode::InsightArticleNotFound.into(),
        }
    }
}

/// A member's reaction to a post.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emotion {
    Like,
    Dislike,
}

impl Emotion {
    /// Unspecified is none (unlike).
    pub fn parse(value: i32) -> Result<Option<Self>, DomainError> {
        match pb::Emotion::try_from(value) {
            Ok(pb::Emotion::Unspecified) => Ok(None),
            Ok(pb::Emotion::Like) => Ok(Some(Self::Like)),
            Ok(pb::Emotion::Dislike) => Ok(Some(Self::Dislike)),
            Err(_) => Err(ErrorCode::InvalidRequestBody.into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Like => "LIKE",
            Self::Dislike => "DISLIKE",
        }
    }

    pub fn from_db(text: &str) -> Option<Self> {
        match text {
            "LIKE" => Some(Self::Like),
            "DISLIKE" => Some(Self::Dislike),
            _ => None,
        }
    }

    pub fn proto(emotion: Option<Self>) -> pb::Emotion {
        match emotion {
            None => pb::Emotion::Unspecified,
            Some(Self::Like) => pb::Emotion::Like,
            Some(Self::Dislike) => pb::Emotion::Dislike,
        }
    }
}

/// Spec §5's report reasons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportType {
    Commercial,
    Illegal,
    Obscene,
    Abuse,
    Privacy,
    Repeated,
    Other,
}

impl ReportType {
    pub const ALL: [Self; 7] = [
        Self::Commercial,
        Self::Illegal,
        Self::Obscene,
        Self::Abuse,
        Self::Privacy,
        Self::Repeated,
        Self::Other,
    ];

    pub fn parse(value: i32) -> Result<Self, DomainError> {
        Self::ALL
            .into_iter()
            .find(|t| t.proto() as i32 == value)
            .ok_or_else(|| ErrorCode::InvalidReportType.into())
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Commercial => "commercial",
            Self::Illegal => "illegal",
            Self::Obscene => "obscene",
            Self::Abuse => "abuse",
            Self::Privacy => "privacy",
            Self::Repeated => "repeated",
            Self::Other => "other",
        }
    }

    pub fn from_db(text: &str) -> Self {
        Self::ALL
            .into_iter()
            .find(|t| t.as_str() == text)
            .unwrap_or(Self::Other)
    }

    pub fn proto(self) -> pb::ReportType {
        match self {
            Self::Commercial => pb::ReportType::Commercial,
            Self::Illegal => pb::ReportType::Illegal,
            Self::Obscene => pb::ReportType::Obscene,
            Self::Abuse => pb::ReportType::Abuse,
            Self::Privacy => pb::ReportType::Privacy,
            Self::Repeated => pb::ReportType::Repeated,
            Self::Other => pb::ReportType::Other,
        }
    }
}

/// Why content is hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HiddenBy {
    Reports,
    Operator,
    AuthorTerminated,
}

impl HiddenBy {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Reports => "reports",
            Self::Operator => "operator",
            Self::AuthorTerminated => "author_terminated",
        }
    }

    pub fn from_db(text: &str) -> Option<Self> {
        match text {
            "reports" => Some(Self::Reports),
            "operator" => Some(Self::Operator),
            "author_terminated" => Some(Self::AuthorTerminated),
            _ => None,
        }
    }

    pub fn proto(self) -> pb::HiddenBy {
        match self {
            Self::Reports => pb::HiddenBy::Reports,
            Self::Operator => pb::HiddenBy::Operator,
            Self::AuthorTerminated => pb::HiddenBy::AuthorTerminated,
        }
    }
}

/// The KST calendar day of `ms`, as days since 1970-01-01 (the daily limits' key).
pub fn kst_day(ms: i64) -> i64 {
    (ms + i64::from(KST.local_minus_utc()) * 1000).div_euclid(86_400_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn security_ids() {
        assert!(SecurityId::parse("KOREA-A005930").is_ok());
        assert!(SecurityId::parse("KOREA-A0001A0").is_ok());
        for bad in [
            "",
            "KOREA-005930",
            "KOREA-A00593",
            "KOREA-a005930",
            "US-A005930",
        ] {
            assert_eq!(
                SecurityId::parse(bad).map_err(|e| e.code),
                Err(ErrorCode::InvalidSecurityId),
                "{bad}"
            );
        }
    }

    #[test]
    fn enums_from_the_wire() {
        assert_eq!(Category::filter(0), Ok(None));
        assert_eq!(Category::filter(2), Ok(Some(Category::Question)));
        assert_eq!(
            Category::required(0).map_err(|e| e.code),
            Err(ErrorCode::InvalidCategory)
        );
        assert_eq!(Scope::parse(0), Ok(Scope::All));
        assert_eq!(
            Scope::parse(9).map_err(|e| e.code),
            Err(ErrorCode::InvalidScope)
        );
        assert_eq!(Sort::parse(2), Ok(Sort::Rank));
        assert_eq!(
            Sort::parse(-1).map_err(|e| e.code),
            Err(ErrorCode::InvalidSort)
        );
        assert_eq!(
            Kind::parse(3).map_err(|e| e.code),
            Err(ErrorCode::InvalidContentType)
        );
        assert_eq!(
            Kind::parse(0).map_err(|e| e.code),
            Err(ErrorCode::InvalidContentType)
        );
        assert_eq!(ReportType::parse(7), Ok(ReportType::Other));
        assert_eq!(
            ReportType::parse(0).map_err(|e| e.code),
            Err(ErrorCode::InvalidReportType)
        );
        for t in ReportType::ALL {
            assert_eq!(ReportType::from_db(t.as_str()), t);
        }
    }

    #[test]
    fn kst_days_turn_at_midnight_seoul() {
        // 2026-06-14T14:59:59.999Z is 23:59:59.999 in Seoul; a millisecond later, the next day.
        let before = 1_781_449_199_999;
        assert_eq!(kst_day(before) + 1, kst_day(before + 1));
        assert_eq!(kst_day(before), kst_day(before - 86_399_999));
    }
}
