//! Durable events through the outbox, each in the transaction of its change: a post
//! written and deleted, a comment, a reaction that moved (none for one that did not), and
//! content hidden by reports.

use sise_platform::bus::acl::subjects::{
    COMMENT_CREATED, CONTENT_HIDDEN, POST_CREATED, POST_DELETED, REACTION_CHANGED,
};
use sise_proto::social::v1 as pb;

use crate::helpers::{SAMSUNG, TestApp, decode, member, post_ref};

sise_platform::per_backend! {
    async fn every_change_publishes_its_event(backend) {
        let app = TestApp::spawn(backend).await;
        let (author, reader) = (member(), member());
        let post = app
            .create_post(author, SAMSUNG, pb::Category::News, "공시 나왔네요", Vec::new())
            .await
            .expect("written");
        let comment = app.comment(reader, post.id, "확인했습니다").await;
        app.react(Some(reader), post_ref(post.id), pb::Emotion::Like).await.expect("like");
        // Nothing moved: no event.
        app.react(Some(reader), post_ref(post.id), pb::Emotion::Like).await.expect("again");
        for _ in 0..5 {
            app.report(member(), post_ref(post.id), pb::ReportType::Illegal, "")
                .await
                .expect("reported");
        }
        app.delete_post(author, post.id).await.expect("deleted");

        let created: pb::PostCreated = decode(&app.events(POST_CREATED, 1).await[0]);
        assert_eq!(
            (created.post_id, created.security_id.as_str(), created.user_id, created.category),
            (post.id, SAMSUNG, author, pb::Category::News as i32)
        );
        let commented: pb::CommentCreated = decode(&app.events(COMMENT_CREATED, 1).await[0]);
        assert_eq!((commented.comment_id, commented.user_id), (comment.id, reader));
        assert_eq!(commented.commentable, Some(post_ref(post.id)));
        assert_eq!(commented.security_id, SAMSUNG);
        let reacted: pb::ReactionChanged = decode(&app.events(REACTION_CHANGED, 1).await[0]);
        assert_eq!(
            (reacted.emotion, reacted.likes_count, reacted.dislikes_count, reacted.security_id.as_str()),
            (pb::Emotion::Like as i32, 1, 0, SAMSUNG)
        );
        let hidden: pb::ContentHidden = decode(&app.events(CONTENT_HIDDEN, 1).await[0]);
        assert_eq!(
            (hidden.target, hidden.by, hidden.security_id.as_str()),
            (Some(post_ref(post.id)), pb::HiddenBy::Reports as i32, SAMSUNG)
        );
        let deleted: pb::PostDeleted = decode(&app.events(POST_DELETED, 1).await[0]);
        assert_eq!((deleted.post_id, deleted.user_id), (post.id, author));
        app.stop().await;
    }
}
