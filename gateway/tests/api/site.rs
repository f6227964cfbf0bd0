//! Around the pages through the main host (docs/api.md, "Around the pages"): the maintenance
//! status and the running promotion as operators set them on social's operators' listener;
//! the analytics ingest's answers (spec §8) and its events on the bus, counted once each in
//! the operators' report; the client error reports.

use std::time::Duration;

use futures::StreamExt as _;
use reqwest::Method;
use serde_json::{Value, json};
use sise_platform::bus::Bus;
use sise_platform::bus::acl::subjects::ANALYTICS_RECORDED;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::site_desk_service_client::SiteDeskServiceClient;

use crate::edge::{closed_address, settings, upstream_keys, upstreams_at};
use crate::helpers::{GatewayApp, shared};
use crate::identity::{call, member};

const EVENTS: &str = "/main/api/analytics/events";
const ERRORS: &str = "/main/api/client-errors";

fn page_view(id: &str, screen: &str) -> Value {
    json!({"id": id, "name": "page_view", "time": 1_764_300_000_000_i64, "screen": screen})
}

sise_platform::per_backend! {
    async fn around_the_pages_through_the_main_host(backend) {
        let app = shared(backend).await;
        let mut desk = SiteDeskServiceClient::new(app.internal.social_operator_channel());

        // Maintenance: off; on as an operator sets it; off again.
        let path = "/main/api/maintenance?phase=prod&time=1764300000000&__from=home";
        let (status, off, headers) = call(&app, Method::GET, path, None, None).await;
        assert_eq!(status, 200, "{off}");
        assert_eq!(off, json!({"maintenance": false, "maintenance_url": null, "message": null}));
        assert_eq!(headers["cache-control"], "no-store");
        desk.set_maintenance(app.internal.as_operator(pb::SetMaintenanceRequest {
            on: true,
            message: "서버 점검 중입니다.".into(),
            redirect_url: "https://status.example.kr/sise".into(),
        }))
        .await
        .expect("on");
        let (_, on, _) = call(&app, Method::GET, path, None, None).await;
        assert_eq!(on, json!({
            "maintenance": true,
            "maintenance_url": "https://status.example.kr/sise",
            "message": "서버 점검 중입니다."
        }));
        desk.set_maintenance(app.internal.as_operator(pb::SetMaintenanceRequest::default()))
            .await
            .expect("off");
        let (_, off, _) = call(&app, Method::GET, path, None, None).await;
        assert_eq!(off["maintenance"], false);

        // The promotion running now.
        let promotion = desk
            .set_promotion(app.internal.as_operator(pb::SetPromotionRequest {
                title: "주간 이벤트".into(),
                body: "대회에 참가하고\n상품 받아가세요".into(),
                link_url: "/m/contests".into(),
                starts_at_ms: 0,
                ends_at_ms: sise_platform::time::now_ms() + 86_400_000,
            }))
            .await
            .expect("set")
            .into_inner();
        let (status, shown, _) = call(&app, Method::GET, "/main/api/promotion", None, None).await;
        assert_eq!(status, 200, "{shown}");
        assert_eq!(shown["promotion"]["id"], promotion.id);
        assert_eq!(shown["promotion"]["body"], "대회에 참가하고\n상품 받아가세요");
        assert_eq!(shown["promotion"]["link_url"], "/m/contests");
        assert!(shown["promotion"].get("created_by").is_none(), "no operator names");
        desk.end_promotion(app.internal.as_operator(pb::EndPromotionRequest {})).await.expect("ended");
        let (_, none, _) = call(&app, Method::GET, "/main/api/promotion", None, None).await;
        assert_eq!(none, json!({"promotion": null}));

        // Analytics: a member's batch and a visitor's; a retried batch counts once.
        let (token, _, _) = member(&app, "분석").await;
        let batch = json!({"device_id": format!("dev-{}", backend.as_str()), "session_id": "s1", "events": [
            page_view("a1", "/m/stocks/:securityId"),
            page_view("a2", "/m"),
            {"id": "a3", "name": "favorite_added", "time": 1_764_300_000_000_i64,
             "properties": {"list": 1}, "user_properties": {"plan": "free", "tags": ["a", 1, true]}},
        ]});
        for _ in 0..2 {
            let (status, body, _) = call(&app, Method::POST, EVENTS, Some(&token), Some(batch.clone())).await;
            assert_eq!((status, &body), (202, &json!({"accepted": 3})));
        }
        let visitor = json!({"device_id": "visitor-1", "session_id": "s9", "events": [page_view("b1", "/m")]});
        let (status, _, _) = call(&app, Method::POST, EVENTS, None, Some(visitor)).await;
        assert_eq!(status, 202);
        // Refusals, each with its catalogue code.
        let too_many: serde_json::Map<String, Value> = (0..1001).map(|i| (format!("k{i}"), json!(i))).collect();
        for (body, expected) in [
            (json!({"device_id": "d", "session_id": "s", "events": []}), "invalid_analytics_events"),
            (json!({"nope": true}), "invalid_analytics_events"),
            (json!({"device_id": "d", "session_id": "s", "events": [
                {"id": "x", "name": "page_view", "time": 1, "user_properties": too_many}]}), "too_many_user_properties"),
            (json!({"device_id": "d", "session_id": "s", "events": [
                {"id": "x", "name": "page_view", "time": 1, "user_properties": {"a": {"b": 1}}}]}), "invalid_user_property"),
            (json!({"device_id": "d", "session_id": "s", "events": [
                {"id": "x", "name": "revenue", "time": 1, "properties": {"quantity": 0}}]}), "invalid_revenue_quantity"),
        ] {
            let (status, refused, _) = call(&app, Method::POST, EVENTS, None, Some(body)).await;
            assert_eq!((status, refused["error"].as_str()), (400, Some(expected)), "{refused}");
        }
        let huge = json!({"device_id": "d", "session_id": "s", "events": [
            {"id": "x", "name": "page_view", "time": 1, "properties": {"blob": "가".repeat(30_000)}}]});
        let (status, refused, _) = call(&app, Method::POST, EVENTS, None, Some(huge)).await;
        assert_eq!((status, refused["error"].as_str()), (413, Some("analytics_too_large")), "{refused}");

        // The operators' report of today: the retried batch counted once.
        let mut report = pb::AnalyticsReportAnswer::default();
        for _ in 0..200 {
            report = desk
                .analytics_report(app.internal.as_operator(pb::AnalyticsReportRequest::default()))
                .await
                .expect("report")
                .into_inner();
            if report.events >= 4 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(
            (report.events, report.page_views, report.visitors, report.active_members),
            (4, 3, 2, 1)
        );
        assert_eq!(report.top_screens[0].screen, "/m");
        assert_eq!(report.top_screens[0].views, 2);

        // Error reports.
        let report = json!({"kind": "chunk_load", "message": "Failed to fetch dynamically imported module",
            "stack": null, "page": "/m/stocks/KOREA-A005930", "app_type": "browser", "release": "0.1.0-abc"});
        let (status, _, _) = call(&app, Method::POST, ERRORS, None, Some(report)).await;
        assert_eq!(status, 204);
        let bad = json!({"kind": "other", "message": "x", "page": "/m", "app_type": "browser", "release": "r"});
        let (status, refused, _) = call(&app, Method::POST, ERRORS, None, Some(bad)).await;
        assert_eq!((status, refused["error"].as_str()), (400, Some("invalid_error_report")));
    }
}

/// The gateway alone on an in-process bus: a batch lands on the bus with the app type of
/// its user agent; a client over its telemetry rate gets 429 with `Retry-After`; a body that
/// does not arrive in time gets 408.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analytics_ingest_bounds_and_bus() {
    let closed = closed_address().await;
    let upstreams = upstreams_at(&closed).await;
    let keys = upstream_keys();
    let bus = Bus::in_process();
    let mut consumed = bus
        .consume_durable("test-analytics", ANALYTICS_RECORDED)
        .await
        .expect("consumer");
    let gateway = GatewayApp::start(
        bus,
        &settings(
            &upstreams,
            &keys,
            &[
                ("gateway.limits.telemetry_per_second", "1"),
                ("gateway.limits.telemetry_burst", "2"),
                ("gateway.limits.telemetry_body_timeout_ms", "300"),
                ("gateway.limits.trusted_proxy_hops", "1"),
            ],
        ),
    )
    .await;
    let post = |ip: &'static str, body: reqwest::Body| {
        gateway
            .client
            .post(format!("{}{EVENTS}", gateway.base))
            .header("x-forwarded-for", ip)
            .header("content-type", "application/json")
            .header(
                "user-agent",
                "Mozilla/5.0 (Linux; Android 15) SiseApp/3.1.0 (trade; android)",
            )
            .body(body)
            .send()
    };
    let batch =
        json!({"device_id": "dev-1", "session_id": "s1", "events": [page_view("e1", "/m")]});
    let accepted = post("203.0.113.1", batch.to_string().into())
        .await
        .expect("sent");
    assert_eq!(accepted.status(), 202);
    let delivery = tokio::time::timeout(Duration::from_secs(10), consumed.next())
        .await
        .expect("on the bus")
        .expect("delivery");
    let event: pb::AnalyticsBatch =
        prost::Message::decode(delivery.event.payload.clone()).expect("decode");
    assert_eq!(
        (
            event.user_id,
            event.device_id.as_str(),
            event.app_type.as_str(),
            event.events.len()
        ),
        (0, "dev-1", "trade-android", 1)
    );
    assert_eq!(event.events[0].screen, "/m");

    // Over the rate: refused before the body is read.
    let mut refused = None;
    for _ in 0..5 {
        let response = post("203.0.113.2", "{}".into()).await.expect("sent");
        if response.status() == 429 {
            refused = Some(response);
            break;
        }
        assert_eq!(response.status(), 400);
    }
    let refused = refused.expect("429 within 5 at a burst of 2");
    assert!(refused.headers().contains_key("retry-after"));
    let body: Value = refused.json().await.expect("json");
    assert_eq!(body["error"], "too_many_requests");

    // A body that stops arriving.
    let stalled = futures::stream::once(async {
        Ok::<_, std::io::Error>(bytes::Bytes::from_static(b"{\"device_id\":"))
    })
    .chain(futures::stream::pending());
    let response = post("203.0.113.3", reqwest::Body::wrap_stream(stalled))
        .await
        .expect("sent");
    assert_eq!(response.status(), 408);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"], "request_body_timeout");
    gateway.stop().await;
}
