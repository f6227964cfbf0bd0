//! The JSON shapes of insight articles and contributors (docs/api.md, "Insight articles"),
//! made from the social service's messages. CUSTOM content is answered as typed blocks
//! (the service stores it checked and canonical); HTML as the cleaned text it stored.

use serde::{Deserialize, Serialize};
use sise_proto::social::v1 as pb;
use utoipa::ToSchema;

use crate::api::social::models::MyEmotion;

/// A contributor of insight articles.
#[derive(Debug, Serialize, ToSchema)]
pub struct Contributor {
    /// The member's id; negative for the embedded default's sample contributors and for
    /// the service itself (-1000, `automated`).
    pub id: i64,
    pub name: String,
    /// The photo's path on the main host (`/api/avatars/{id}`); null without one.
    pub avatar_url: Option<String>,
    pub bio: String,
    /// A sample contributor (샘플), not a person.
    pub sample: bool,
    /// The service itself (시세 마켓봇: the daily market recap), no person: its articles
    /// are written automatically from the day's data (자동 작성).
    pub automated: bool,
    /// Articles shown.
    pub articles_count: i64,
}

impl From<pb::Contributor> for Contributor {
    fn from(c: pb::Contributor) -> Self {
        Self {
            id: c.id,
            name: c.name,
            avatar_url: Some(c.avatar_url)
                .filter(|url| !url.is_empty())
                .map(|url| url.trim_start_matches("/main").to_owned()),
            bio: c.bio,
            sample: c.sample,
            automated: c.automated,
            articles_count: c.articles_count,
        }
    }
}

/// Spec §3 content type.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
pub enum ContentType {
    #[serde(rename = "HTML")]
    Html,
    #[serde(rename = "CUSTOM")]
    Custom,
}

/// One block of CUSTOM content.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Block {
    Paragraph {
        text: String,
    },
    Heading {
        text: String,
    },
    /// A picture (our image door or https) and its caption (may be empty).
    Image {
        url: String,
        #[serde(default)]
        caption: String,
    },
    /// A stock card: the page shows its live price.
    Stock {
        security_id: String,
    },
}

#[derive(Debug, Deserialize)]
struct Blocks {
    blocks: Vec<Block>,
}

/// An insight article.
#[derive(Debug, Serialize, ToSchema)]
pub struct InsightArticle {
    pub id: i64,
    pub title: String,
    /// The start of the text, plain.
    pub summary: String,
    pub content_type: ContentType,
    /// HTML content as stored (cleaned by the allow-list when written): null in lists and
    /// for CUSTOM content.
    pub content: Option<String>,
    /// CUSTOM content: null in lists and for HTML content.
    pub blocks: Option<Vec<Block>>,
    pub contributor: Contributor,
    pub security_ids: Vec<String>,
    pub featured: bool,
    pub likes_count: i64,
    pub dislikes_count: i64,
    pub comments_count: i64,
    /// The caller's reaction (one article's page only; false in lists).
    pub my_emotion: MyEmotion,
    /// Seeded sample commentary of the embedded default (샘플).
    pub sample: bool,
    pub published_at_ms: i64,
}

impl From<pb::InsightArticle> for InsightArticle {
    fn from(a: pb::InsightArticle) -> Self {
        let custom = a.content_type == pb::ContentFormat::Custom as i32;
        let (content, blocks) = match (a.content.is_empty(), custom) {
            (true, _) => (None, None),
            (false, false) => (Some(a.content), None),
            // Stored checked by the service: a failure here would be ours, shown as none.
            (false, true) => (
                None,
                serde_json::from_str::<Blocks>(&a.content)
                    .map(|b| b.blocks)
                    .ok(),
            ),
        };
        Self {
            id: a.id,
            title: a.title,
            summary: a.summary,
            content_type: if custom {
                ContentType::Custom
            } else {
                ContentType::Html
            },
            content,
            blocks,
            contributor: a.contributor.unwrap_or_default().into(),
            security_ids: a.security_ids,
            featured: a.featured,
            likes_count: a.likes_count,
            dislikes_count: a.dislikes_count,
            comments_count: a.comments_count,
            my_emotion: a.my_emotion.into(),
            sample: a.sample,
            published_at_ms: a.published_at_ms,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InsightArticlePage {
    /// Newest first (a search: the title's matches first).
    pub articles: Vec<InsightArticle>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

impl From<pb::InsightArticlePage> for InsightArticlePage {
    fn from(p: pb::InsightArticlePage) -> Self {
        Self {
            articles: p.articles.into_iter().map(Into::into).collect(),
            next_cursor: (!p.next_cursor.is_empty()).then_some(p.next_cursor),
        }
    }
}

/// One article with its neighbours in the newest-first list.
#[derive(Debug, Serialize, ToSchema)]
pub struct InsightArticleDetail {
    pub article: InsightArticle,
    /// The newer article (without content); null for the newest.
    pub prev_article: Option<InsightArticle>,
    /// The older article (without content); null for the oldest.
    pub next_article: Option<InsightArticle>,
}

impl From<pb::InsightArticleDetail> for InsightArticleDetail {
    fn from(d: pb::InsightArticleDetail) -> Self {
        Self {
            article: d.article.unwrap_or_default().into(),
            prev_article: d.prev_article.map(Into::into),
            next_article: d.next_article.map(Into::into),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContributorBody {
    pub contributor: Contributor,
}
