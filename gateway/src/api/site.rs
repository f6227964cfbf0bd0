//! Around the pages, on the main host (spec §4, §5, §7, §8): the maintenance status a
//! browser checks at start, the promotion running now (the driverEvent modal), the
//! analytics ingest and the client error reports.
//!
//! Analytics: a bounded batch (50 events, 64 KiB, read within 10 s, a rate per client),
//! checked against spec §5's user-property limits, answered as spec §8 reads the answers
//! (202, 429 with `Retry-After`, 413, 408, 400, 503) and published durably as one
//! `events.analytics.recorded` (`AnalyticsBatch`) before the 202: social keeps the events
//! for the operators' daily report. Error reports are logged (`client_error`) with their
//! page, app type and release, and so reach the service's log export.

use std::sync::LazyLock;

use axum::Extension;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse as _, Response};
use opentelemetry::KeyValue;
use opentelemetry::metrics::Counter;
use prost::Message as _;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sise_platform::bus::acl::subjects::ANALYTICS_RECORDED;
use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::metrics;
use sise_platform::time::now_ms;
use sise_proto::social::v1 as pb;
use utoipa::openapi::schema::{AdditionalProperties, SchemaType};
use utoipa::openapi::{ArrayBuilder, ObjectBuilder, OneOfBuilder, RefOr, Schema, Type};
use utoipa::{IntoParams, ToSchema};

use super::{ApiQuery, no_content, private_json};
use crate::auth::Viewer;
use crate::error::{ApiError, ApiErrorBody};
use crate::limits::{ClientIp, too_many};
use crate::state::AppState;

/// Events in one batch, bytes of one batch, and of one error report.
pub const MAX_EVENTS: usize = 50;
pub const MAX_BATCH_BYTES: usize = 64 * 1024;
pub const MAX_REPORT_BYTES: usize = 16 * 1024;
/// Spec §5: user properties a batch's event may carry.
pub const MAX_USER_PROPERTIES: usize = 1000;
/// Properties of one event, and characters of an id, a name, a screen.
const MAX_PROPERTIES: usize = 100;
const MAX_ID_CHARS: usize = 64;
/// The largest integer a JavaScript number holds exactly (2^53 − 1).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;
const MAX_NAME_CHARS: usize = 40;
const MAX_SCREEN_CHARS: usize = 200;
/// An error report's fields.
const MAX_MESSAGE_CHARS: usize = 2000;
const MAX_STACK_CHARS: usize = 8000;
const MAX_PAGE_CHARS: usize = 500;
const MAX_LABEL_CHARS: usize = 80;

/// The query of the maintenance check: the phase and time the spec sends, and whatever the
/// page's own query string holds (passed through, not read).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MaintenanceQuery {
    /// `prod` (the only phase served here; other phases read the same switch).
    #[param(pattern = r"^[a-z]{1,16}$")]
    pub phase: Option<String>,
    /// The client's clock (epoch ms), against caches on the way; not read.
    #[param(pattern = r"^[0-9]{1,16}$")]
    pub time: Option<String>,
}

/// Whether the site is in maintenance (spec §7).
#[derive(Debug, Serialize, ToSchema)]
pub struct MaintenanceStatus {
    pub maintenance: bool,
    /// Where a browser goes while in maintenance; null when off.
    pub maintenance_url: Option<String>,
    /// The operators' message; null when none.
    pub message: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/maintenance",
    tag = "main",
    security(()),
    params(MaintenanceQuery),
    responses(
        (status = 200, description = "The maintenance switch as operators set it (`sise maintenance`); never cached", body = MaintenanceStatus),
        (status = 400, description = "`invalid_query`: a `phase` or `time` out of its pattern", body = ApiErrorBody),
    )
)]
pub async fn maintenance(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<MaintenanceQuery>,
) -> Result<Response, ApiError> {
    let within = |value: &Option<String>, allowed: fn(u8) -> bool| {
        value
            .as_deref()
            .is_none_or(|v| (1..=16).contains(&v.len()) && v.bytes().all(allowed))
    };
    if !within(&query.phase, |b| b.is_ascii_lowercase())
        || !within(&query.time, |b| b.is_ascii_digit())
    {
        return Err(ErrorCode::InvalidQuery.into());
    }
    let status = state
        .clients
        .site
        .clone()
        .get_maintenance(pb::GetMaintenanceRequest {})
        .await?
        .into_inner();
    let on = status.on && !status.redirect_url.is_empty();
    Ok(private_json(
        StatusCode::OK,
        MaintenanceStatus {
            maintenance: on,
            maintenance_url: on.then_some(status.redirect_url),
            message: (!status.message.is_empty()).then_some(status.message),
        },
    ))
}

/// A time-limited promotion (the driverEvent modal).
#[derive(Debug, Serialize, ToSchema)]
pub struct Promotion {
    pub id: i64,
    pub title: String,
    /// Plain text, line breaks kept.
    pub body: String,
    /// A site path or an http(s) address; null when none.
    pub link_url: Option<String>,
    /// Pictures are not taken for promotions: always null.
    pub image_url: Option<String>,
    pub starts_at: i64,
    pub ends_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PromotionBody {
    pub promotion: Option<Promotion>,
}

#[utoipa::path(
    get,
    path = "/api/promotion",
    tag = "main",
    security(()),
    responses(
        (status = 200, description = "The promotion running now (`sise promotions`), or null", body = PromotionBody),
    )
)]
pub async fn promotion(State(state): State<AppState>) -> Result<Response, ApiError> {
    let answer = state
        .clients
        .site
        .clone()
        .get_promotion(pb::GetPromotionRequest {})
        .await?
        .into_inner();
    let promotion = answer.promotion.map(|p| Promotion {
        id: p.id,
        title: p.title,
        body: p.body,
        link_url: (!p.link_url.is_empty()).then_some(p.link_url),
        image_url: None,
        starts_at: p.starts_at_ms,
        ends_at: p.ends_at_ms,
    });
    Ok(private_json(StatusCode::OK, PromotionBody { promotion }))
}

/// One analytics event as a client sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsEventIn {
    /// The client's id of the event (letters, digits, `-`, `_`; up to 64): a retried batch
    /// is counted once.
    #[schema(pattern = r"^[A-Za-z0-9_-]{1,64}$")]
    pub id: String,
    /// `page_view`, … (lower-case letters, digits, `_`; up to 40). A `revenue` event needs a
    /// `quantity` above 0 in its properties.
    #[schema(pattern = r"^[a-z0-9_]{1,40}$")]
    pub name: String,
    /// When it happened on the client (epoch ms; a fraction is dropped). JSON has one kind of
    /// number: `1700000000000.0` is the same time.
    #[schema(minimum = 1, maximum = 9007199254740991_i64)]
    pub time: f64,
    /// The route pattern of the page (`/m/stocks/:securityId`), up to 200 characters; absent
    /// or null when the event belongs to no screen.
    #[serde(default)]
    #[schema(pattern = "^/", max_length = 200)]
    pub screen: Option<String>,
    /// Up to 100.
    #[serde(default)]
    #[schema(schema_with = properties_schema)]
    pub properties: Option<Map<String, Value>>,
    /// At most 1,000; each a number, string, boolean or an array of those (spec §5).
    #[serde(default)]
    #[schema(schema_with = user_properties_schema)]
    pub user_properties: Option<Map<String, Value>>,
}

/// An object of up to [`MAX_PROPERTIES`] properties, or null.
fn properties_schema() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Object, Type::Null]))
        .max_properties(Some(MAX_PROPERTIES))
        .description(Some("Up to 100 properties of any JSON value."))
}

/// Up to [`MAX_USER_PROPERTIES`], each what [`is_property_value`] accepts (spec §5), or null.
fn user_properties_schema() -> ObjectBuilder {
    let scalar = || {
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .item(ObjectBuilder::new().schema_type(Type::Boolean))
    };
    let value = scalar().item(ArrayBuilder::new().items(scalar()));
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Object, Type::Null]))
        .max_properties(Some(MAX_USER_PROPERTIES))
        .additional_properties(Some(AdditionalProperties::RefOr(RefOr::T(Schema::OneOf(
            value.build(),
        )))))
        .description(Some(
            "At most 1,000; each a number, string, boolean or an array of those (spec §5).",
        ))
}

/// A batch of analytics events.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsBatchIn {
    /// The browser's or app's id (the `sise_aid` cookie).
    #[schema(pattern = r"^[A-Za-z0-9_-]{1,64}$")]
    pub device_id: String,
    /// Renewed after 30 minutes without events.
    #[schema(pattern = r"^[A-Za-z0-9_-]{1,64}$")]
    pub session_id: String,
    /// 1 to 50 events.
    #[schema(min_items = 1, max_items = 50)]
    pub events: Vec<AnalyticsEventIn>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyticsAccepted {
    pub accepted: usize,
}

/// A client's id: letters, digits, `-` and `_`.
fn is_id(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= MAX_ID_CHARS
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Spec §5: a number, string or boolean, or an array of those.
fn is_property_value(value: &Value) -> bool {
    let scalar = |v: &Value| matches!(v, Value::Number(_) | Value::String(_) | Value::Bool(_));
    match value {
        Value::Array(items) => items.iter().all(scalar),
        other => scalar(other),
    }
}

/// A batch checked against the bounds and spec §5's limits, as the bus event.
fn checked_batch(
    batch: AnalyticsBatchIn,
    user_id: i64,
    app_type: &str,
    now: i64,
) -> Result<pb::AnalyticsBatch, DomainError> {
    let invalid = || DomainError::from(ErrorCode::InvalidAnalyticsEvents);
    if !is_id(&batch.device_id)
        || !is_id(&batch.session_id)
        || batch.events.is_empty()
        || batch.events.len() > MAX_EVENTS
    {
        return Err(invalid());
    }
    let mut events = Vec::with_capacity(batch.events.len());
    for event in batch.events {
        let screen_ok = event
            .screen
            .as_deref()
            .is_none_or(|s| s.starts_with('/') && s.chars().count() <= MAX_SCREEN_CHARS);
        let screen = event.screen.unwrap_or_default();
        let name_ok = !event.name.is_empty()
            && event.name.len() <= MAX_NAME_CHARS
            && event
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        let properties = event.properties.unwrap_or_default();
        if !is_id(&event.id)
            || !name_ok
            || !screen_ok
            || !(1.0..=MAX_SAFE_INTEGER).contains(&event.time)
            || properties.len() > MAX_PROPERTIES
        {
            return Err(invalid());
        }
        let user_properties = event.user_properties.unwrap_or_default();
        if user_properties.len() > MAX_USER_PROPERTIES {
            return Err(DomainError::with_max(
                ErrorCode::TooManyUserProperties,
                MAX_USER_PROPERTIES,
            ));
        }
        if !user_properties.values().all(is_property_value) {
            return Err(ErrorCode::InvalidUserProperty.into());
        }
        // Spec §5: a revenue's quantity above 0.
        if event.name == "revenue"
            && !properties
                .get("quantity")
                .and_then(Value::as_f64)
                .is_some_and(|q| q > 0.0)
        {
            return Err(ErrorCode::InvalidRevenueQuantity.into());
        }
        events.push(pb::AnalyticsEvent {
            id: event.id,
            name: event.name,
            // In range (checked above): the cast only drops the fraction.
            time_ms: event.time as i64,
            screen,
            properties_json: Value::Object(properties).to_string(),
            user_properties_json: Value::Object(user_properties).to_string(),
        });
    }
    Ok(pb::AnalyticsBatch {
        user_id,
        device_id: batch.device_id,
        session_id: batch.session_id,
        app_type: app_type.to_owned(),
        received_at_ms: now,
        events,
    })
}

/// The apps and systems of the user-agent marker (docs/app-bridge.md).
const APPS: [&str; 3] = ["main", "trade", "virtual-trade"];
const OSES: [&str; 2] = ["ios", "android"];

/// The app type the user agent names (`SiseApp/<version> (<app>; <os>)`, docs/app-bridge.md),
/// or `browser`.
pub fn app_type(headers: &HeaderMap) -> String {
    let agent = headers
        .get(http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let Some(rest) = agent.split("SiseApp/").nth(1) else {
        return "browser".to_owned();
    };
    let inside = rest
        .split_once('(')
        .and_then(|(_, r)| r.split_once(')'))
        .map(|(inside, _)| inside);
    match inside.and_then(|i| i.split_once(';')) {
        Some((app, os)) => {
            let (app, os) = (
                app.trim().to_ascii_lowercase(),
                os.trim().to_ascii_lowercase(),
            );
            if APPS.contains(&app.as_str()) && OSES.contains(&os.as_str()) {
                format!("{app}-{os}")
            } else {
                "app".to_owned()
            }
        }
        None => "app".to_owned(),
    }
}

/// The client's rate for these routes, then its body within `max` bytes and the read timeout.
async fn bounded_body(
    state: &AppState,
    client: Option<Extension<ClientIp>>,
    body: Body,
    max: usize,
) -> Result<Bytes, Response> {
    if let Some(Extension(client)) = client
        && let Err(wait) = state.telemetry_limit.check(client)
    {
        return Err(too_many(ErrorCode::TooManyRequests, wait));
    }
    let read = axum::body::to_bytes(body, max);
    match tokio::time::timeout(state.telemetry_body_timeout, read).await {
        Err(_) => Err(ApiError::from(ErrorCode::RequestBodyTimeout).into_response()),
        Ok(Err(_)) => Err(ApiError::from(DomainError::with_max(
            ErrorCode::AnalyticsTooLarge,
            max / 1024,
        ))
        .into_response()),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

#[utoipa::path(
    post,
    path = "/api/analytics/events",
    tag = "main",
    security(()),
    request_body = AnalyticsBatchIn,
    responses(
        (status = 202, description = "Stored on the bus (`events.analytics.recorded`)", body = AnalyticsAccepted),
        (status = 400, description = "`invalid_analytics_events`, `too_many_user_properties` (1,000), `invalid_user_property`, `invalid_revenue_quantity`", body = ApiErrorBody),
        (status = 408, description = "`request_body_timeout`: the body did not arrive within 10 s", body = ApiErrorBody),
        (status = 413, description = "`analytics_too_large`: over 64 KiB", body = ApiErrorBody),
        (status = 429, description = "`too_many_requests`, with `Retry-After`", body = ApiErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 503, description = "`service_unavailable`: the bus did not store the batch", body = ApiErrorBody),
    )
)]
pub async fn record_analytics(
    State(state): State<AppState>,
    viewer: Viewer,
    client: Option<Extension<ClientIp>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let bytes = match bounded_body(&state, client, body, MAX_BATCH_BYTES).await {
        Ok(bytes) => bytes,
        Err(refused) => return counted_batch("refused", refused),
    };
    let Ok(batch) = serde_json::from_slice::<AnalyticsBatchIn>(&bytes) else {
        return counted_batch(
            "refused",
            ApiError::from(ErrorCode::InvalidAnalyticsEvents).into_response(),
        );
    };
    let user_id = viewer.0.map_or(0, |m| m.user_id);
    let event = match checked_batch(batch, user_id, &app_type(&headers), now_ms()) {
        Ok(event) => event,
        Err(refused) => return counted_batch("refused", ApiError::from(refused).into_response()),
    };
    let accepted = event.events.len();
    if let Err(error) = state
        .bus
        .publish_durable(
            ANALYTICS_RECORDED,
            Default::default(),
            event.encode_to_vec().into(),
        )
        .await
    {
        tracing::warn!(error = %error, "analytics batch not stored");
        return counted_batch(
            "unavailable",
            ApiError::from(ErrorCode::Unavailable).into_response(),
        );
    }
    ACCEPTED_EVENTS.add(accepted as u64, &[]);
    counted_batch(
        "accepted",
        private_json(StatusCode::ACCEPTED, AnalyticsAccepted { accepted }),
    )
}

/// `sise.analytics.batches`: batches answered, by `outcome` (`accepted`, `refused`: any 4xx,
/// `unavailable`: the bus did not store it).
static BATCHES: LazyLock<Counter<u64>> = LazyLock::new(|| {
    metrics::meter()
        .u64_counter("sise.analytics.batches")
        .with_description("Analytics batches answered, by outcome")
        .build()
});

/// `sise.analytics.events`: events accepted (stored on the bus).
static ACCEPTED_EVENTS: LazyLock<Counter<u64>> = LazyLock::new(|| {
    metrics::meter()
        .u64_counter("sise.analytics.events")
        .with_description("Analytics events accepted")
        .build()
});

/// `sise.client_errors`: the pages' error reports logged, by `kind`.
static CLIENT_ERRORS: LazyLock<Counter<u64>> = LazyLock::new(|| {
    metrics::meter()
        .u64_counter("sise.client_errors")
        .with_description("Error reports from the pages, by kind")
        .build()
});

fn counted_batch(outcome: &'static str, response: Response) -> Response {
    BATCHES.add(1, &[KeyValue::new("outcome", outcome)]);
    response
}

/// A failure a page reports (never shown to its reader, spec §4, §8).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClientErrorReport {
    pub kind: ReportKind,
    /// 1 to 2,000 characters.
    #[schema(min_length = 1, max_length = 2000)]
    pub message: String,
    /// Up to 8,000 characters.
    #[serde(default)]
    #[schema(max_length = 8000)]
    pub stack: Option<String>,
    /// The page's path and query (up to 500).
    #[schema(pattern = "^/", max_length = 500)]
    pub page: String,
    /// `browser` or the app type the page detected (printable ASCII, up to 80).
    #[schema(pattern = "^[!-~]{1,80}$")]
    pub app_type: String,
    /// The release the page was built as (`<meta name="sise-release">`; printable ASCII, up
    /// to 80).
    #[schema(pattern = "^[!-~]{1,80}$")]
    pub release: String,
}

/// What failed on the page.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportKind {
    Startup,
    ChunkLoad,
    Runtime,
    Bridge,
    Maintenance,
}

impl ReportKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Startup => "startup",
            Self::ChunkLoad => "chunk_load",
            Self::Runtime => "runtime",
            Self::Bridge => "bridge",
            Self::Maintenance => "maintenance",
        }
    }
}

fn report_is_valid(report: &ClientErrorReport) -> bool {
    let within = |text: &str, max: usize| text.chars().count() <= max;
    let label = |text: &str| {
        !text.is_empty()
            && text.len() <= MAX_LABEL_CHARS
            && text.bytes().all(|b| b.is_ascii_graphic())
    };
    !report.message.is_empty()
        && within(&report.message, MAX_MESSAGE_CHARS)
        && report
            .stack
            .as_deref()
            .is_none_or(|s| within(s, MAX_STACK_CHARS))
        && report.page.starts_with('/')
        && within(&report.page, MAX_PAGE_CHARS)
        && label(&report.app_type)
        && label(&report.release)
}

#[utoipa::path(
    post,
    path = "/api/client-errors",
    tag = "main",
    security(()),
    request_body = ClientErrorReport,
    responses(
        (status = 204, description = "Logged (`client_error`) with its page, app type and release"),
        (status = 400, description = "`invalid_error_report`", body = ApiErrorBody),
        (status = 408, description = "`request_body_timeout`", body = ApiErrorBody),
        (status = 413, description = "`analytics_too_large`: over 16 KiB", body = ApiErrorBody),
        (status = 429, description = "`too_many_requests`, with `Retry-After`", body = ApiErrorBody),
    )
)]
pub async fn report_client_error(
    State(state): State<AppState>,
    client: Option<Extension<ClientIp>>,
    body: Body,
) -> Response {
    let bytes = match bounded_body(&state, client, body, MAX_REPORT_BYTES).await {
        Ok(bytes) => bytes,
        Err(refused) => return refused,
    };
    let report = match serde_json::from_slice::<ClientErrorReport>(&bytes) {
        Ok(report) if report_is_valid(&report) => report,
        _ => return ApiError::from(ErrorCode::InvalidErrorReport).into_response(),
    };
    CLIENT_ERRORS.add(1, &[KeyValue::new("kind", report.kind.as_str())]);
    tracing::warn!(
        target: "client_error",
        kind = report.kind.as_str(),
        page = %report.page,
        app_type = %report.app_type,
        release = %report.release,
        stack = report.stack.as_deref().unwrap_or(""),
        "{}",
        report.message
    );
    no_content()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn batch(events: Value) -> AnalyticsBatchIn {
        serde_json::from_value(json!({"device_id": "d-1", "session_id": "s_1", "events": events}))
            .expect("valid")
    }

    fn event(extra: Value) -> Value {
        let mut e = json!({"id": "e1", "name": "page_view", "time": 1, "screen": "/m"});
        e.as_object_mut()
            .expect("valid")
            .extend(extra.as_object().expect("valid").clone());
        e
    }

    fn code(events: Value) -> Option<ErrorCode> {
        checked_batch(batch(events), 0, "browser", 5)
            .err()
            .map(|e| e.code)
    }

    #[test]
    fn user_properties_follow_spec_5() {
        assert_eq!(code(json!([event(json!({}))])), None);
        let many: Map<String, Value> = (0..1001).map(|i| (format!("k{i}"), json!(i))).collect();
        assert_eq!(
            code(json!([event(json!({"user_properties": many}))])),
            Some(ErrorCode::TooManyUserProperties)
        );
        let ok = json!({"user_properties": {"a": 1, "b": "x", "c": true, "d": [1, "y", false]}});
        assert_eq!(code(json!([event(ok)])), None);
        for bad in [
            json!({"a": null}),
            json!({"a": {"b": 1}}),
            json!({"a": [[1]]}),
        ] {
            assert_eq!(
                code(json!([event(json!({"user_properties": bad}))])),
                Some(ErrorCode::InvalidUserProperty)
            );
        }
        let revenue = |q: Value| event(json!({"name": "revenue", "properties": {"quantity": q}}));
        assert_eq!(
            code(json!([revenue(json!(0))])),
            Some(ErrorCode::InvalidRevenueQuantity)
        );
        assert_eq!(code(json!([revenue(json!(2))])), None);
    }

    #[test]
    fn batches_are_bounded() {
        let invalid = Some(ErrorCode::InvalidAnalyticsEvents);
        assert_eq!(code(json!([])), invalid);
        let many: Vec<Value> = (0..51)
            .map(|i| event(json!({"id": format!("e{i}")})))
            .collect();
        assert_eq!(code(json!(many)), invalid);
        assert_eq!(code(json!([event(json!({"name": "Page View"}))])), invalid);
        assert_eq!(code(json!([event(json!({"screen": "m/x"}))])), invalid);
        assert_eq!(code(json!([event(json!({"screen": ""}))])), invalid);
        assert_eq!(code(json!([event(json!({"id": "a b"}))])), invalid);
        assert_eq!(code(json!([event(json!({"time": 0}))])), invalid);
        assert_eq!(code(json!([event(json!({"time": 1e16}))])), invalid);
        assert_eq!(code(json!([event(json!({"time": 126874.0}))])), None);
    }

    #[test]
    fn the_app_type_comes_from_the_user_agent() {
        let of = |agent: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(http::header::USER_AGENT, agent.parse().expect("valid"));
            app_type(&headers)
        };
        assert_eq!(of("Mozilla/5.0 (iPhone) Safari/604.1"), "browser");
        assert_eq!(
            of("Mozilla/5.0 SiseApp/3.2.0 (trade; android)"),
            "trade-android"
        );
        assert_eq!(of("SiseApp/1.0 (Virtual-Trade; iOS)"), "virtual-trade-ios");
        assert_eq!(of("Mozilla/5.0 SiseApp/3.2.0 (Trade<script>; ios)"), "app");
    }
}
