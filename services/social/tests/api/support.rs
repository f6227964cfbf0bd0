//! Customer support: a member sends messages (a category, plain text, 5 a day) and reads
//! their own with the answers; operators list them (the unanswered ones oldest first) and
//! answer on the operators' listener; nobody reads another member's messages, and a
//! seceded member's messages go.

use sise_platform::bus::acl::subjects::USER_SECEDED;
use sise_proto::identity::v1 as identity;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::support_desk_service_client::SupportDeskServiceClient;
use sise_proto::social::v1::support_service_client::SupportServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use crate::helpers::{TestApp, code, member};

fn support(app: &TestApp) -> SupportServiceClient<Channel> {
    SupportServiceClient::new(app.service.channel.clone())
}

fn desk(app: &TestApp) -> SupportDeskServiceClient<Channel> {
    SupportDeskServiceClient::new(
        app.service
            .operator_channel
            .clone()
            .expect("operators' listener"),
    )
}

async fn send(
    app: &TestApp,
    user: i64,
    category: pb::SupportCategory,
    body: &str,
) -> Result<pb::SupportMessage, tonic::Status> {
    let call = app.service.as_member(
        pb::SendSupportMessageRequest {
            category: category as i32,
            body: body.to_owned(),
        },
        user,
    );
    support(app)
        .send_support_message(call)
        .await
        .map(|r| r.into_inner())
}

async fn mine(app: &TestApp, user: i64, cursor: &str) -> pb::SupportMessagePage {
    let call = app.service.as_member(
        pb::ListSupportMessagesRequest {
            limit: Some(2),
            cursor: cursor.to_owned(),
            unanswered: false,
        },
        user,
    );
    support(app)
        .list_my_support_messages(call)
        .await
        .expect("mine")
        .into_inner()
}

async fn queue(app: &TestApp, unanswered: bool) -> pb::SupportMessagePage {
    let call = app.service.as_operator(pb::ListSupportMessagesRequest {
        limit: Some(50),
        cursor: String::new(),
        unanswered,
    });
    desk(app)
        .list_support_messages(call)
        .await
        .expect("queue")
        .into_inner()
}

async fn answer(app: &TestApp, id: i64, text: &str) -> Result<pb::SupportMessage, tonic::Status> {
    let call = app.service.as_operator(pb::AnswerSupportMessageRequest {
        id,
        answer: text.to_owned(),
    });
    desk(app)
        .answer_support_message(call)
        .await
        .map(|r| r.into_inner())
}

sise_platform::per_backend! {
    async fn members_ask_and_operators_answer(backend) {
        let app = TestApp::spawn(backend).await;
        let (asker, other) = (member(), member());
        let first = send(&app, asker, pb::SupportCategory::Account, " 닉네임을\r\n바꾸고 싶어요 ")
            .await
            .expect("sent");
        assert_eq!(first.body, "닉네임을\n바꾸고 싶어요", "trimmed, line breaks kept");
        assert_eq!(first.category, pb::SupportCategory::Account as i32);
        assert_eq!((first.user_id, first.answer.as_str()), (0, ""), "no member id in the member's answer");
        let second = send(&app, asker, pb::SupportCategory::Bug, "차트가 안 보여요").await.expect("sent");
        let third = send(&app, other, pb::SupportCategory::Other, "다른 회원의 문의").await.expect("sent");

        // Their own, newest first, two a page; never another member's.
        let page = mine(&app, asker, "").await;
        assert_eq!(page.messages.iter().map(|m| m.id).collect::<Vec<_>>(), [second.id, first.id]);
        assert!(page.next_cursor.is_empty(), "the end");
        assert_eq!(mine(&app, other, "").await.messages.iter().map(|m| m.id).collect::<Vec<_>>(), [third.id]);
        let foreign = support(&app)
            .list_my_support_messages(app.service.as_member(
                pb::ListSupportMessagesRequest { limit: None, cursor: "bm90LWEtY3Vyc29y".into(), unanswered: false },
                asker,
            ))
            .await
            .expect_err("junk cursor");
        assert_eq!(code(&foreign), "invalid_cursor");

        // The operators' queue: unanswered oldest first, with whose each is.
        let open = queue(&app, true).await;
        assert_eq!(open.messages.iter().map(|m| m.id).collect::<Vec<_>>(), [first.id, second.id, third.id]);
        assert_eq!(open.messages[0].user_id, asker);
        let answered = answer(&app, first.id, "MY › 프로필에서 바꿀 수 있습니다.").await.expect("answered");
        assert_eq!(answered.answered_by, sise_platform::testing::OPERATOR);
        assert!(answered.answered_at_ms >= first.sent_at_ms);
        assert_eq!(queue(&app, true).await.messages.iter().map(|m| m.id).collect::<Vec<_>>(), [second.id, third.id]);
        assert_eq!(queue(&app, false).await.messages.len(), 3, "everyone's, answered too");
        // The member sees the answer, without the operator's name.
        let seen = mine(&app, asker, "").await;
        let read = seen.messages.iter().find(|m| m.id == first.id).expect("answered one");
        assert_eq!(read.answer, "MY › 프로필에서 바꿀 수 있습니다.");
        assert!(read.answered_by.is_empty());
        // Answering again replaces the answer.
        let again = answer(&app, first.id, "수정된 답변").await.expect("again");
        assert_eq!(again.answer, "수정된 답변");
        for (id, text, expected) in [
            (first.id, " \n ", "answer_required"),
            (first.id, &"가".repeat(5_001)[..], "answer_too_long"),
            (999_999, "답변", "support_message_not_found"),
        ] {
            assert_eq!(code(&answer(&app, id, text).await.expect_err("refused")), expected);
        }

        // A seceded member's messages go (the event twice: idempotent).
        for _ in 0..2 {
            app.publish(USER_SECEDED, &identity::UserSeceded { user_id: asker }).await;
        }
        app.eventually("forgotten", || async { mine(&app, asker, "").await.messages.is_empty() }).await;
        assert_eq!(queue(&app, false).await.messages.iter().map(|m| m.id).collect::<Vec<_>>(), [third.id]);
        app.stop().await;
    }

    async fn sending_checks_the_member_the_text_and_the_day(backend) {
        let app = TestApp::spawn(backend).await;
        let user = member();
        for (category, body, expected) in [
            (pb::SupportCategory::Unspecified, "내용", "invalid_support_category"),
            (pb::SupportCategory::Service, " \n ", "content_required"),
            (pb::SupportCategory::Service, &"가".repeat(2_001)[..], "support_message_too_long"),
        ] {
            assert_eq!(code(&send(&app, user, category, body).await.expect_err("refused")), expected);
        }
        let unknown = support(&app)
            .send_support_message(app.service.as_member(
                pb::SendSupportMessageRequest { category: 99, body: "내용".into() },
                user,
            ))
            .await
            .expect_err("unknown category");
        assert_eq!(code(&unknown), "invalid_support_category");
        // A member only: without the gateway's signature there is no member.
        let anonymous = support(&app)
            .send_support_message(pb::SendSupportMessageRequest {
                category: pb::SupportCategory::Service as i32,
                body: "내용".into(),
            })
            .await
            .expect_err("no member");
        assert_eq!(code(&anonymous), "login_required");
        // Five a day; the sixth is 429 with the limit in its message, and is not kept.
        send(&app, user, pb::SupportCategory::Service, &"가".repeat(2_000)).await.expect("at the limit");
        for n in 2..=5 {
            send(&app, user, pb::SupportCategory::Service, &format!("문의 {n}")).await.expect("within the day");
        }
        let refused = send(&app, user, pb::SupportCategory::Service, "여섯 번째").await.expect_err("sixth");
        assert_eq!(code(&refused), "daily_support_limit");
        assert_eq!(refused.code(), Code::ResourceExhausted);
        assert_eq!(refused.message(), "문의는 하루에 5개까지 남길 수 있습니다. 내일 다시 시도해주세요.");
        assert_eq!(queue(&app, true).await.messages.len(), 5);
        // The desk is for operators, on their own listener only.
        let no_token = desk(&app)
            .list_support_messages(pb::ListSupportMessagesRequest::default())
            .await
            .expect_err("no token");
        assert_eq!(no_token.code(), Code::Unauthenticated);
        let wrong_door = SupportDeskServiceClient::new(app.service.channel.clone())
            .list_support_messages(app.service.as_operator(pb::ListSupportMessagesRequest::default()))
            .await
            .expect_err("not on the members' listener");
        assert_eq!(wrong_door.code(), Code::Unimplemented);
        app.stop().await;
    }
}
