//! `sise.social.v1.SocialService`: the boards, posts, pictures, comments, reactions,
//! reports and objections, for visitors and members. The member is the one the gateway
//! signed (`sise_platform::member`), never one named in a message; another member's post
//! or comment is not found to delete or object to.

use std::sync::LazyLock;

use opentelemetry::KeyValue;
use opentelemetry::metrics::Counter;
use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::image::ImageDoor;
use sise_platform::member;
use sise_platform::time::now_ms;
use sise_proto::social::v1 as pb;
use tonic::{Request, Response, Status};

use super::{limit, settle, target};
use crate::domain::{Category, Commentable, Emotion, ReportType, Scope, Sort, cursor, text};
use crate::members::Members;
use crate::pictures;
use crate::securities::Securities;
use crate::store::Store;
use crate::store::comments::Place;
use crate::store::moderation::NewReport;
use crate::store::posts::{Deleter, NewImage, NewPost, PostList};

/// Characters of a report's free text (기타, spec §5).
pub const REPORT_TEXT_MAX_CHARS: usize = 500;
/// Characters of an objection.
pub const OBJECTION_MAX_CHARS: usize = 1000;

pub struct SocialGrpc {
    store: Store,
    securities: Securities,
    members: Members,
    door: ImageDoor,
}

impl SocialGrpc {
    pub fn new(store: Store, securities: Securities, members: Members, door: ImageDoor) -> Self {
        Self {
            store,
            securities,
            members,
            door,
        }
    }

    /// A post that was not deleted, or `post_not_found`.
    async fn existing_post(&self, id: i64) -> Result<(), Status> {
        match self.store.post_row(id).await.map_err(internal_status)? {
            Some(_) => Ok(()),
            None => Err(DomainError::from(ErrorCode::PostNotFound).into()),
        }
    }

    /// A post that was not deleted or an article that was not withdrawn, or its not found.
    async fn existing(&self, on: Commentable) -> Result<(), Status> {
        match on {
            Commentable::Post(id) => self.existing_post(id).await,
            Commentable::InsightArticle(id) => {
                match self
                    .store
                    .insight_article_shown(id)
                    .await
                    .map_err(internal_status)?
                {
                    true => Ok(()),
                    false => Err(on.not_found().into()),
                }
            }
        }
    }

    async fn comment_answer(&self, id: i64, viewer: i64) -> Result<pb::Comment, Status> {
        self.store
            .comment_row(id)
            .await
            .map_err(internal_status)?
            .map(|row| row.proto(Some(viewer)))
            .ok_or_else(|| DomainError::from(ErrorCode::CommentNotFound).into())
    }
}

#[tonic::async_trait]
impl pb::social_service_server::SocialService for SocialGrpc {
    #[tracing::instrument(skip_all)]
    async fn list_posts(
        &self,
        request: Request<pb::ListPostsRequest>,
    ) -> Result<Response<pb::PostPage>, Status> {
        let viewer = member::optional(&request);
        let r = request.get_ref();
        let scope = Scope::parse(r.scope)?;
        let sort = Sort::parse(r.sort)?;
        let category = Category::filter(r.category)?;
        let limit = limit(r.limit)?;
        let author = match scope {
            Scope::All => None,
            Scope::Mine => Some(member::required(&request)?),
        };
        let board = if r.security_id.is_empty() {
            None
        } else {
            Some(self.securities.board(&r.security_id).await?)
        };
        let tag = format!(
            "p:{}:{}:{}:{}",
            board.as_ref().map_or("*", |b| b.as_str()),
            scope.as_str(),
            category.map_or("", Category::as_str),
            sort.as_str()
        );
        let values = match sort {
            Sort::Recent => 1,
            Sort::Rank => 2,
        };
        let after = cursor::decode(&r.cursor, &tag, values)?;
        let list = PostList {
            security_id: board.map(|b| b.as_str().to_owned()),
            author,
            category,
            sort,
            after,
            limit,
        };
        let (posts, next) = self
            .store
            .posts(&list, viewer)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::PostPage {
            posts,
            next_cursor: next.map(|v| cursor::encode(&tag, &v)).unwrap_or_default(),
        }))
    }

    #[tracing::instrument(skip_all, fields(post_id = request.get_ref().id))]
    async fn get_post(
        &self,
        request: Request<pb::GetPostRequest>,
    ) -> Result<Response<pb::PostDetail>, Status> {
        let viewer = member::optional(&request);
        let author = match Scope::parse(request.get_ref().scope)? {
            Scope::All => None,
            Scope::Mine => Some(member::required(&request)?),
        };
        let post = self
            .store
            .post(request.get_ref().id, viewer)
            .await
            .map_err(internal_status)?
            .ok_or_else(|| DomainError::from(ErrorCode::PostNotFound))?;
        let (prev_post_id, next_post_id) = self
            .store
            .neighbours(&post.security_id, post.id, author)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::PostDetail {
            post: Some(post),
            prev_post_id,
            next_post_id,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_post(
        &self,
        request: Request<pb::CreatePostRequest>,
    ) -> Result<Response<pb::Post>, Status> {
        let user_id = member::required(&request)?;
        let r = request.into_inner();
        let rules = self.store.rules().clone();
        let category = Category::required(r.category)?;
        let content = text::content(&r.content, rules.post_max_chars, ErrorCode::PostTooLong)?;
        if r.images.len() > rules.images_per_post {
            return Err(
                DomainError::with_max(ErrorCode::TooManyImages, rules.images_per_post).into(),
            );
        }
        let board = self.securities.board(&r.security_id).await?;
        self.members.ensure(user_id).await?;
        let now = now_ms();
        // With pictures, refused before they cost anything (checked again under the member's
        // lock); a text alone is checked there only.
        if !r.images.is_empty() {
            settle(self.store.may_post(user_id, &content, now).await)?;
        }
        let mut images = Vec::with_capacity(r.images.len());
        for bytes in r.images {
            images.push(pictures::render(&self.door, user_id, bytes, rules.image_max_bytes).await?);
        }
        let post = NewPost {
            user_id,
            security_id: board.as_str().to_owned(),
            category,
            content,
            images,
        };
        let images = post.images.iter().map(NewImage::proto).collect();
        let row = settle(self.store.create_post(&post, now).await)?;
        written("post");
        Ok(Response::new(row.proto(Some(user_id), images, None)))
    }

    #[tracing::instrument(skip_all, fields(post_id = request.get_ref().id))]
    async fn delete_post(
        &self,
        request: Request<pb::DeletePostRequest>,
    ) -> Result<Response<pb::Empty>, Status> {
        let user_id = member::required(&request)?;
        let id = request.get_ref().id;
        settle(
            self.store
                .delete_post(id, Deleter::Author(user_id), now_ms())
                .await,
        )?;
        Ok(Response::new(pb::Empty {}))
    }

    #[tracing::instrument(skip_all)]
    async fn get_post_image(
        &self,
        request: Request<pb::GetPostImageRequest>,
    ) -> Result<Response<pb::PostImageData>, Status> {
        let r = request.get_ref();
        let not_found = || Status::from(DomainError::from(ErrorCode::PostImageNotFound));
        let size = pictures::stored_size(r.size).ok_or_else(not_found)?;
        if !pictures::is_id(&r.id) {
            return Err(not_found());
        }
        let data = self
            .store
            .image(&r.id, size, member::optional(&request))
            .await
            .map_err(internal_status)?
            .ok_or_else(not_found)?;
        Ok(Response::new(pb::PostImageData {
            content_type: pictures::CONTENT_TYPE.to_owned(),
            data,
        }))
    }

    #[tracing::instrument(skip_all, fields(post_id = request.get_ref().post_id))]
    async fn list_liked_users(
        &self,
        request: Request<pb::ListLikedUsersRequest>,
    ) -> Result<Response<pb::AuthorPage>, Status> {
        let r = request.get_ref();
        let limit = limit(r.limit)?;
        let tag = format!("l:{}", r.post_id);
        let after = cursor::decode(&r.cursor, &tag, 2)?.map(|v| (v[0], v[1]));
        self.existing_post(r.post_id).await?;
        let (authors, next) = self
            .store
            .liked_users(r.post_id, after, limit)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::AuthorPage {
            authors,
            next_cursor: next.map(|v| cursor::encode(&tag, &v)).unwrap_or_default(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_comments(
        &self,
        request: Request<pb::ListCommentsRequest>,
    ) -> Result<Response<pb::CommentPage>, Status> {
        let viewer = member::optional(&request);
        let r = request.get_ref();
        let limit = limit(r.limit)?;
        let (place, tag) = if r.parent_id > 0 {
            let parent = self
                .store
                .comment_row(r.parent_id)
                .await
                .map_err(internal_status)?
                .filter(|c| !c.deleted || c.replies > 0)
                .ok_or_else(|| DomainError::from(ErrorCode::CommentNotFound))?;
            self.existing(parent.on).await?;
            (Place::Reply(parent.id), format!("r:{}", parent.id))
        } else {
            let on = Commentable::parse(r.commentable.as_ref())?;
            self.existing(on).await?;
            let tag = match on {
                Commentable::Post(id) => format!("c:{id}"),
                Commentable::InsightArticle(id) => format!("ia:{id}"),
            };
            (Place::On(on), tag)
        };
        let after = cursor::decode(&r.cursor, &tag, 1)?.map(|v| v[0]);
        let (comments, next) = self
            .store
            .comments(place, after, limit, viewer)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::CommentPage {
            comments,
            next_cursor: next
                .map(|id| cursor::encode(&tag, &[id]))
                .unwrap_or_default(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_comment(
        &self,
        request: Request<pb::CreateCommentRequest>,
    ) -> Result<Response<pb::Comment>, Status> {
        let user_id = member::required(&request)?;
        let r = request.get_ref();
        let rules = self.store.rules();
        let content = text::content(
            &r.content,
            rules.comment_max_chars,
            ErrorCode::CommentTooLong,
        )?;
        let place = if r.parent_id > 0 {
            Place::Reply(r.parent_id)
        } else {
            Place::On(Commentable::parse(r.commentable.as_ref())?)
        };
        self.members.ensure(user_id).await?;
        let id = settle(
            self.store
                .create_comment(user_id, place, &content, now_ms())
                .await,
        )?;
        written("comment");
        Ok(Response::new(self.comment_answer(id, user_id).await?))
    }

    #[tracing::instrument(skip_all, fields(comment_id = request.get_ref().id))]
    async fn delete_comment(
        &self,
        request: Request<pb::DeleteCommentRequest>,
    ) -> Result<Response<pb::Empty>, Status> {
        let user_id = member::required(&request)?;
        settle(
            self.store
                .delete_comment(request.get_ref().id, Some(user_id), "author", now_ms())
                .await,
        )?;
        Ok(Response::new(pb::Empty {}))
    }

    #[tracing::instrument(skip_all)]
    async fn list_my_comments(
        &self,
        request: Request<pb::ListMyCommentsRequest>,
    ) -> Result<Response<pb::CommentPage>, Status> {
        let user_id = member::required(&request)?;
        let r = request.get_ref();
        let limit = limit(r.limit)?;
        let after = cursor::decode(&r.cursor, "m", 1)?.map(|v| v[0]);
        let (comments, next) = self
            .store
            .my_comments(user_id, after, limit)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::CommentPage {
            comments,
            next_cursor: next
                .map(|id| cursor::encode("m", &[id]))
                .unwrap_or_default(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn react(
        &self,
        request: Request<pb::ReactRequest>,
    ) -> Result<Response<pb::Reactions>, Status> {
        let user_id = member::required(&request)?;
        let r = request.get_ref();
        let on = Commentable::parse(r.target.as_ref())?;
        let emotion = Emotion::parse(r.emotion)?;
        self.members.ensure(user_id).await?;
        let reactions = settle(self.store.react(user_id, on, emotion, now_ms()).await)?;
        written("reaction");
        Ok(Response::new(reactions))
    }

    #[tracing::instrument(skip_all)]
    async fn report(
        &self,
        request: Request<pb::ReportRequest>,
    ) -> Result<Response<pb::Report>, Status> {
        let user_id = member::required(&request)?;
        let r = request.get_ref();
        let (kind, target_id) = target(r.target.as_ref())?;
        let report_type = ReportType::parse(r.report_type)?;
        let too_long =
            || DomainError::with_max(ErrorCode::ReportTextTooLong, REPORT_TEXT_MAX_CHARS);
        if text::too_large(&r.content, REPORT_TEXT_MAX_CHARS) {
            return Err(too_long().into());
        }
        let content = text::normalize(&r.content);
        if report_type != ReportType::Other && !content.is_empty() {
            return Err(DomainError::from(ErrorCode::ReportTextNotAllowed).into());
        }
        if content.chars().count() > REPORT_TEXT_MAX_CHARS {
            return Err(too_long().into());
        }
        let report = NewReport {
            user_id,
            kind,
            target_id,
            report_type,
            content,
        };
        let report = settle(self.store.report(&report, now_ms()).await)?;
        written("report");
        Ok(Response::new(report))
    }

    #[tracing::instrument(skip_all)]
    async fn object(
        &self,
        request: Request<pb::ObjectRequest>,
    ) -> Result<Response<pb::Hidden>, Status> {
        let user_id = member::required(&request)?;
        let r = request.get_ref();
        let (kind, id) = target(r.target.as_ref())?;
        if text::too_large(&r.text, OBJECTION_MAX_CHARS) {
            return Err(DomainError::from(ErrorCode::InvalidObjection).into());
        }
        let text = text::normalize(&r.text);
        if text.is_empty() || text.chars().count() > OBJECTION_MAX_CHARS {
            return Err(DomainError::from(ErrorCode::InvalidObjection).into());
        }
        Ok(Response::new(settle(
            self.store.object(user_id, kind, id, &text, now_ms()).await,
        )?))
    }
}

/// `sise.social.writes`: members' writes accepted, by `kind` (`post`, `comment`, `reaction`,
/// `report`); per minute on the community dashboard.
static WRITES: LazyLock<Counter<u64>> = LazyLock::new(|| {
    sise_platform::metrics::meter()
        .u64_counter("sise.social.writes")
        .with_description("Members' writes accepted, by kind")
        .build()
});

fn written(kind: &'static str) {
    WRITES.add(1, &[KeyValue::new("kind", kind)]);
}
