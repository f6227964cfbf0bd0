//! Around the pages: operators switch maintenance and set promotions on the operators'
//! listener (their token required, their name kept and never shown to readers); the
//! analytics batches the gateway publishes are stored once each, whatever is delivered
//! again, and make up the operators' daily report.

use sise_platform::bus::acl::subjects::ANALYTICS_RECORDED;
use sise_platform::time::now_ms;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::site_desk_service_client::SiteDeskServiceClient;
use sise_proto::social::v1::site_service_client::SiteServiceClient;
use tonic::transport::Channel;

use crate::helpers::{TestApp, code, member};

const DAY_MS: i64 = 24 * 3_600_000;

fn readers(app: &TestApp) -> SiteServiceClient<Channel> {
    SiteServiceClient::new(app.service.channel.clone())
}

fn desk(app: &TestApp) -> SiteDeskServiceClient<Channel> {
    SiteDeskServiceClient::new(
        app.service
            .operator_channel
            .clone()
            .expect("operators' listener"),
    )
}

async fn report(app: &TestApp) -> pb::AnalyticsReportAnswer {
    desk(app)
        .analytics_report(
            app.service
                .as_operator(pb::AnalyticsReportRequest::default()),
        )
        .await
        .expect("report")
        .into_inner()
}

fn event(id: &str, name: &str, screen: &str) -> pb::AnalyticsEvent {
    pb::AnalyticsEvent {
        id: id.to_owned(),
        name: name.to_owned(),
        time_ms: now_ms(),
        screen: screen.to_owned(),
        properties_json: "{}".to_owned(),
        user_properties_json: "{}".to_owned(),
    }
}

sise_platform::per_backend! {
    async fn maintenance_and_promotions_are_the_operators(backend) {
        let app = TestApp::spawn(backend).await;
        let status = readers(&app).get_maintenance(pb::GetMaintenanceRequest {}).await.expect("status").into_inner();
        assert!(!status.on);

        // Readers cannot switch it: the call is not even served on their port.
        let refused = SiteDeskServiceClient::new(app.service.channel.clone())
            .set_maintenance(pb::SetMaintenanceRequest { on: true, ..Default::default() })
            .await
            .expect_err("not on the readers' port");
        assert_eq!(refused.code(), tonic::Code::Unimplemented);
        // Without a token, refused on the operators' listener.
        let refused = desk(&app)
            .set_maintenance(pb::SetMaintenanceRequest { on: true, ..Default::default() })
            .await
            .expect_err("no token");
        assert_eq!(code(&refused), "operator_required");
        // On needs somewhere to send browsers.
        let refused = desk(&app)
            .set_maintenance(app.service.as_operator(pb::SetMaintenanceRequest {
                on: true,
                message: "점검 중입니다".into(),
                redirect_url: String::new(),
            }))
            .await
            .expect_err("no address");
        assert_eq!(code(&refused), "maintenance_url_required");

        let on = desk(&app)
            .set_maintenance(app.service.as_operator(pb::SetMaintenanceRequest {
                on: true,
                message: "정기 점검 중입니다".into(),
                redirect_url: "https://status.example.kr/".into(),
            }))
            .await
            .expect("on")
            .into_inner();
        assert!(on.on && !on.changed_by.is_empty());
        let status = readers(&app).get_maintenance(pb::GetMaintenanceRequest {}).await.expect("status").into_inner();
        assert_eq!(
            (status.on, status.redirect_url.as_str(), status.message.as_str(), status.changed_by.as_str()),
            (true, "https://status.example.kr/", "정기 점검 중입니다", "")
        );
        desk(&app)
            .set_maintenance(app.service.as_operator(pb::SetMaintenanceRequest::default()))
            .await
            .expect("off");
        let status = readers(&app).get_maintenance(pb::GetMaintenanceRequest {}).await.expect("status").into_inner();
        assert!(!status.on);

        // Promotions: none, then one; a new one replaces it; ending leaves none.
        let none = readers(&app).get_promotion(pb::GetPromotionRequest {}).await.expect("none").into_inner();
        assert!(none.promotion.is_none());
        let ended = desk(&app)
            .end_promotion(app.service.as_operator(pb::EndPromotionRequest {}))
            .await
            .expect_err("nothing to end");
        assert_eq!(code(&ended), "promotion_not_found");
        let set = |title: &str, days: i64| {
            app.service.as_operator(pb::SetPromotionRequest {
                title: title.to_owned(),
                body: "신규 회원 이벤트\n자세히 보기".to_owned(),
                link_url: "/m/contests".to_owned(),
                starts_at_ms: 0,
                ends_at_ms: now_ms() + days * DAY_MS,
            })
        };
        let too_long = desk(&app).set_promotion(set("한 달 넘게", 40)).await.expect_err("too long");
        assert_eq!(code(&too_long), "invalid_promotion_period");
        let first = desk(&app).set_promotion(set("첫 이벤트", 7)).await.expect("set").into_inner();
        let running = readers(&app).get_promotion(pb::GetPromotionRequest {}).await.expect("running").into_inner();
        let shown = running.promotion.expect("running");
        assert_eq!((shown.id, shown.title.as_str(), shown.created_by.as_str()), (first.id, "첫 이벤트", ""));
        let second = desk(&app).set_promotion(set("둘째 이벤트", 3)).await.expect("set").into_inner();
        let running = readers(&app).get_promotion(pb::GetPromotionRequest {}).await.expect("running").into_inner();
        assert_eq!(running.promotion.map(|p| p.id), Some(second.id));
        let listed = desk(&app)
            .list_promotions(app.service.as_operator(pb::ListPromotionsRequest {}))
            .await
            .expect("list")
            .into_inner();
        assert_eq!(listed.promotions.iter().map(|p| (p.id, p.ended_at_ms > 0)).collect::<Vec<_>>(),
            vec![(second.id, false), (first.id, true)]);
        let ended = desk(&app)
            .end_promotion(app.service.as_operator(pb::EndPromotionRequest {}))
            .await
            .expect("ended")
            .into_inner();
        assert_eq!(ended.id, second.id);
        let none = readers(&app).get_promotion(pb::GetPromotionRequest {}).await.expect("none").into_inner();
        assert!(none.promotion.is_none());
        app.stop().await;
    }
}

sise_platform::per_backend! {
    async fn analytics_batches_make_the_daily_report_once_each(backend) {
        let app = TestApp::spawn(backend).await;
        let signed = member();
        let batch = |user_id: i64, device: &str, events: Vec<pb::AnalyticsEvent>| pb::AnalyticsBatch {
            user_id,
            device_id: device.to_owned(),
            session_id: "s1".to_owned(),
            app_type: "browser".to_owned(),
            received_at_ms: now_ms(),
            events,
        };
        let first = batch(signed, "device-a", vec![
            event("e1", "page_view", "/m/stocks/:securityId"),
            event("e2", "page_view", "/m/stocks/:securityId"),
            event("e3", "page_view", "/m"),
            event("e4", "favorite_added", "/m/stocks/:securityId"),
        ]);
        app.publish(ANALYTICS_RECORDED, &first).await;
        // Delivered again (a client's retry, a redelivery): nothing more is counted.
        app.publish(ANALYTICS_RECORDED, &first).await;
        // A visitor on another device; the same event id is another event there.
        app.publish(ANALYTICS_RECORDED, &batch(0, "device-b", vec![event("e1", "page_view", "/m")])).await;
        app.eventually("the report", || async {
            let r = report(&app).await;
            r.events == 5
        })
        .await;
        let r = report(&app).await;
        assert_eq!(
            (r.page_views, r.visitors, r.active_members, r.events),
            (4, 2, 1, 5)
        );
        assert_eq!(
            r.top_screens.iter().map(|s| (s.screen.as_str(), s.views)).collect::<Vec<_>>(),
            vec![("/m", 2), ("/m/stocks/:securityId", 2)]
        );
        assert_eq!(r.day.len(), 10);
        // Another day: nothing.
        let other = desk(&app)
            .analytics_report(app.service.as_operator(pb::AnalyticsReportRequest { day: "2020-01-02".into() }))
            .await
            .expect("report")
            .into_inner();
        assert_eq!((other.day.as_str(), other.events), ("2020-01-02", 0));
        let bad = desk(&app)
            .analytics_report(app.service.as_operator(pb::AnalyticsReportRequest { day: "yesterday".into() }))
            .await
            .expect_err("not a date");
        assert_eq!(code(&bad), "invalid_date");
        app.stop().await;
    }
}
