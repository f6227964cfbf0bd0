//! Schemas of the request parameters, so the OpenAPI document states every rule the server
//! checks: id patterns, list lengths, enums, number ranges, formats. A client (or a fuzzer)
//! that follows the document is never refused for a shape the document allows.
//!
//! Each rule names the parser that enforces it. The schemas describe parameters only; the
//! extractors keep reading plain text, so the error code and message of a bad value stay
//! the services' own (`invalid_security_id`, `invalid_limit`, …).

use std::borrow::Cow;

use utoipa::openapi::schema::{
    AnyOfBuilder, KnownFormat, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

/// `sise_market::domain::SecurityId::parse`: board `KOREA`, dash, `A` + a 6-character KRX
/// code (digits and capital letters).
const SECURITY_ID: &str = "KOREA-A[0-9A-Z]{6}";
/// `AssetId::parse` in the market service: `{BOARD}-{CODE}` or `{BOARD}::{CODE}`; a
/// `KOREA` code is a stock's short code, an `INDEX` code 1–16 capitals or digits, a `FOREX`
/// code a 6-letter pair.
const STOCK_ASSET: &str = "KOREA(-|::)A[0-9A-Z]{6}";
const INDEX_ASSET: &str = "INDEX(-|::)[0-9A-Z]{1,16}";
const FOREX_ASSET: &str = "FOREX(-|::)[A-Z]{6}";

/// Currency codes the converter knows: the won and every currency of the bundled bank
/// board (`services/market/data/fx_krw_board_*.csv`; a test keeps the two in step).
pub const CURRENCIES: [&str; 59] = [
    "KRW", "AED", "AUD", "BDT", "BHD", "BND", "BRL", "CAD", "CHF", "CLP", "CNY", "COP", "CZK",
    "DKK", "DZD", "EGP", "ETB", "EUR", "FJD", "GBP", "HKD", "HUF", "IDR", "ILS", "INR", "JOD",
    "JPY", "KES", "KHR", "KWD", "KZT", "LKR", "LYD", "MMK", "MNT", "MOP", "MXN", "MYR", "NOK",
    "NPR", "NZD", "OMR", "PHP", "PKR", "PLN", "QAR", "RON", "RUB", "SAR", "SEK", "SGD", "THB",
    "TRY", "TWD", "TZS", "USD", "UZS", "VND", "ZAR",
];

/// The maxima of the gateway's routes, written here as numbers (the routes' modules use
/// these schemas, so they cannot be read from there); `gateway/tests/api/health.rs` checks
/// they equal `articles::MAX_SECURITIES`, `quotes::MAX_QUOTES`,
/// `quotes::MAX_STREAM_SECURITIES` and `articles::MAX_LIMIT`.
pub const MAX_ARTICLE_SECURITIES: usize = 50;
pub const MAX_QUOTE_SECURITIES: usize = 200;
pub const MAX_STREAM_SECURITIES: usize = 50;
pub const MAX_ARTICLE_LIMIT: u32 = 50;

/// Longest cursor the market service decodes (`articles::cursor`).
const MAX_CURSOR_LEN: usize = 128;

fn whole(pattern: &str) -> String {
    format!("^{pattern}$")
}

/// One to `max` items joined by commas, no spaces.
fn list(item: &str, max: usize) -> String {
    format!("^{item}(,{item}){{0,{}}}$", max - 1)
}

fn string(pattern: String, example: &str, description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .pattern(Some(pattern))
        .examples([example])
        .description(Some(description))
        .into()
}

fn string_enum(values: &[&str], description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .enum_values(Some(values.iter().copied()))
        .description(Some(description))
        .into()
}

/// A named parameter schema: a component of the document, referenced by the parameters.
macro_rules! param_schema {
    ($(#[$meta:meta])* $name:ident => $schema:expr) => {
        $(#[$meta])*
        pub struct $name;

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                $schema
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($name))
            }
        }
    };
}

param_schema! {
    /// A stock's security id.
    SecurityId => string(whole(SECURITY_ID), "KOREA-A005930", "A stock: `KOREA-A` and its 6-character KRX code")
}

param_schema! {
    /// A stock's security id, or empty for none (`security_id` of the market condition).
    SecurityIdOrEmpty => or_empty(
        RefOr::Ref(Ref::from_schema_name("SecurityId")),
        "A stock, e.g. `KOREA-A005930`; empty is the same as absent",
    )
}

param_schema! {
    /// 1 to 50 security ids (`security_ids` of the news, disclosure and article lists).
    SecurityIdList50 => string(
        list(SECURITY_ID, MAX_ARTICLE_SECURITIES),
        "KOREA-A005930,KOREA-A000660",
        "1 to 50 security ids joined by commas",
    )
}

param_schema! {
    /// 1 to 200 security ids (`security_ids` of `GET /api/v1/quotes`).
    SecurityIdList200 => string(
        list(SECURITY_ID, MAX_QUOTE_SECURITIES),
        "KOREA-A005930,KOREA-A000660",
        "1 to 200 security ids joined by commas",
    )
}

param_schema! {
    /// 1 to 50 security ids (`security_ids` of the quote stream).
    SecurityIdList50Stream => string(
        list(SECURITY_ID, MAX_STREAM_SECURITIES),
        "KOREA-A005930,KOREA-A000660",
        "1 to 50 security ids joined by commas",
    )
}

param_schema! {
    /// Any asset: a stock, an index or a forex pair, in the dash or the double-colon form.
    AssetId => string(
        whole(&format!("({STOCK_ASSET}|{INDEX_ASSET}|{FOREX_ASSET})")),
        "INDEX-KOSPI",
        "An asset: `KOREA-A005930`, `INDEX-KOSPI`, `FOREX-USDKRW` (or `BOARD::CODE`)",
    )
}

param_schema! {
    /// 1 to 100 asset ids (`AssetService`'s `MAX_ASSETS_PER_CALL`).
    AssetIdList => string(
        list(&format!("({STOCK_ASSET}|{INDEX_ASSET}|{FOREX_ASSET})"), 100),
        "INDEX-KOSPI,FOREX-USDKRW,KOREA-A005930",
        "1 to 100 asset ids joined by commas",
    )
}

param_schema! {
    /// An index or a forex pair: the assets with their own chart calls (a stock id is
    /// `unsupported_asset`).
    SeriesAssetId => string(
        whole(&format!("({INDEX_ASSET}|{FOREX_ASSET})")),
        "INDEX-KOSPI",
        "An index or forex pair: `INDEX-KOSPI`, `FOREX-USDKRW` (or `BOARD::CODE`)",
    )
}

param_schema! {
    /// A forex pair (other well-formed ids are `asset_not_found`).
    ForexAssetId => string(
        whole(FOREX_ASSET),
        "FOREX-USDKRW",
        "A forex pair: `FOREX-USDKRW` (or `FOREX::USDKRW`)",
    )
}

param_schema! {
    /// `sise_market::assets::forex::parse_currency` plus the catalogue: an unknown code is
    /// `invalid_currency`. Lower case is read too.
    Currency => string_enum(&CURRENCIES, "Currency code (ISO 4217); `KRW` is the won")
}

param_schema! {
    /// `Period::parse` of the forex chart.
    ForexPeriod => string_enum(
        &["day", "week", "month", "year"],
        "`day` (the live day's minutes), `week` (30-minute points), `month` or `year` (daily closes)",
    )
}

param_schema! {
    /// `Period::parse` of the moves (the stock chart's periods).
    ChartPeriod => string_enum(
        &["1d", "1w", "1m", "3m", "1y"],
        "`1d` (today's minute candles), `1w`, `1m`, `3m` or `1y` (day candles)",
    )
}

param_schema! {
    /// `validate_client` of the securities-firm list.
    ClientOs => string_enum(&["web", "android", "ios"], "The client's operating system")
}

param_schema! {
    /// `validate_client` of the securities-firm list.
    MarketCode => string_enum(
        &["nomarket", "google", "apple", "onestore"],
        "The app store; `nomarket` for the web",
    )
}

/// Every schema above, as components of the document: the parameters refer to them by
/// name, and the routers collect only the schemas of bodies and responses.
pub fn components() -> Vec<(String, RefOr<Schema>)> {
    fn entry<T: ToSchema>() -> (String, RefOr<Schema>) {
        (T::name().into_owned(), T::schema())
    }
    vec![
        entry::<SecurityId>(),
        entry::<SecurityIdOrEmpty>(),
        entry::<SecurityIdList50>(),
        entry::<SecurityIdList200>(),
        entry::<SecurityIdList50Stream>(),
        entry::<AssetId>(),
        entry::<AssetIdList>(),
        entry::<SeriesAssetId>(),
        entry::<ForexAssetId>(),
        entry::<Currency>(),
        entry::<ForexPeriod>(),
        entry::<ChartPeriod>(),
        entry::<ClientOs>(),
        entry::<MarketCode>(),
        entry::<NewsCursor>(),
        entry::<DisclosureCursor>(),
        entry::<ArticleCursor>(),
        entry::<PageDate>(),
        entry::<Limit20>(),
        entry::<Limit50>(),
        entry::<Limit100>(),
        entry::<Limit200>(),
        entry::<NavDays>(),
        entry::<Limit500>(),
        entry::<MovesLimit>(),
        entry::<Keyword>(),
        entry::<SearchCursor>(),
        entry::<SearchLimit>(),
        entry::<RelatedLimit>(),
        entry::<TrendMarket>(),
        entry::<TrendMarketOrEmpty>(),
        entry::<TrendKey>(),
        entry::<RankCursor>(),
        entry::<TopSectorsLimit>(),
        entry::<WicsSectorCode>(),
        entry::<PopularBy>(),
        entry::<PostScope>(),
        entry::<PostSort>(),
        entry::<PostCategory>(),
        entry::<PostCategoryOrEmpty>(),
        entry::<PostCursor>(),
        entry::<NoticeCursor>(),
        entry::<InsightCursor>(),
        entry::<InsightLimit>(),
        entry::<FeaturedLimit>(),
        entry::<InsightScope>(),
        entry::<CommentCursor>(),
        entry::<LikedUserCursor>(),
        entry::<PostImageId>(),
        entry::<PostImageSize>(),
        entry::<ReportTarget>(),
        entry::<ReportReason>(),
        entry::<SupportCategoryName>(),
        entry::<SupportCursor>(),
    ]
}

/// `schema`, or the empty string: the server reads `name=` as an absent parameter.
fn or_empty(schema: RefOr<Schema>, description: &str) -> RefOr<Schema> {
    let empty = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .max_length(Some(0));
    AnyOfBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .item(schema)
        .item(empty)
        .description(Some(description))
        .into()
}

/// An opaque keyset cursor: URL-safe base64 without padding of a position the service
/// wrote (market's `articles::cursor`, social's post and comment cursors), at most 128
/// characters. Only a `next_cursor` of the same list decodes, so the document names each
/// kind with a format of its own (no pattern: a string of the right alphabet is not a
/// cursor); `scripts/schemathesis/hooks.py` draws each format's positions.
fn cursor(format: &str, list: &str) -> RefOr<Schema> {
    let cursor = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .format(Some(SchemaFormat::Custom(format.to_owned())));
    or_empty(
        cursor.into(),
        &format!(
            "Opaque: the `next_cursor` of the previous page of {list} (at most {MAX_CURSOR_LEN} \
             characters); empty or absent for the first page"
        ),
    )
}

/// `PageLimit::from_query`: a page size within `1..=max`; empty is the same as absent (the
/// call's default).
fn limit(max: u32, default: u32) -> RefOr<Schema> {
    let number = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::Integer))
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(1))
        .maximum(Some(max));
    let empty = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .max_length(Some(0));
    AnyOfBuilder::new()
        .item(number)
        .item(empty)
        .description(Some(format!(
            "How many, 1 to {max} (default {default}); empty is the same as absent"
        )))
        .into()
}

param_schema! {
    /// Related stocks (`CompanyService`'s most).
    Limit20 => limit(20, 5)
}

param_schema! {
    /// Article pages.
    Limit50 => limit(MAX_ARTICLE_LIMIT, 20)
}

param_schema! {
    /// Pages of trading days (investors, traders).
    Limit100 => limit(100, 20)
}

param_schema! {
    /// ETF components (`EtfService`'s most).
    Limit200 => limit(200, 20)
}

param_schema! {
    /// Trading days of an ETF's NAV window.
    NavDays => limit(100, 60)
}

param_schema! {
    /// Moves of a chart period (`MoveService`'s most).
    MovesLimit => limit(10, 3)
}

param_schema! {
    /// Pages of day candles (stocks, indexes, forex).
    Limit500 => limit(500, 60)
}

param_schema! {
    /// `TradingDate::parse_optional`: a date written strictly `YYYY-MM-DD`; empty is absent.
    PageDate => or_empty(
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
            .into(),
        "A date, `YYYY-MM-DD`; empty is the same as absent",
    )
}

param_schema! {
    /// Position in a news list: base64 of `{published_at_ms}:{id}`.
    NewsCursor => cursor("sise-news-cursor", "news")
}

param_schema! {
    /// Position in a disclosure list: base64 of `{YYYY-MM-DD}:{rcept_no}`.
    DisclosureCursor => cursor("sise-disclosure-cursor", "disclosures")
}

param_schema! {
    /// Position in a merged list: base64 of `n:{published_at_ms}:{id}` or
    /// `d:{YYYY-MM-DD}:{rcept_no}`.
    ArticleCursor => cursor("sise-article-cursor", "articles")
}

param_schema! {
    /// A search keyword: 1 to 40 characters with at least one that is not a space. The
    /// service trims Unicode's White_Space, which is the document's `\s` (ECMAScript's) and
    /// NEL (U+0085) besides: a keyword of NELs is as empty as one of spaces.
    Keyword => ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .min_length(Some(1))
        .max_length(Some(40))
        .pattern(Some(r"[^\s\u0085]"))
        .examples(["삼성전자"])
        .description(Some("What the person typed: a name, a code, an English name or 초성 (`ㅅㅅㅈㅈ`), 1 to 40 characters"))
        .into()
}

param_schema! {
    /// Position in a ranked search list: the `next_cursor` of the previous page.
    SearchCursor => or_empty(
        string(whole("[1-9][0-9]{0,5}"), "10", "Opaque"),
        "The `next_cursor` of the previous page of the same search; empty or absent for the first page",
    )
}

param_schema! {
    /// Search pages (spec §9: 10).
    SearchLimit => limit(50, 10)
}

param_schema! {
    /// News-related assets (spec §9: 5).
    RelatedLimit => limit(50, 5)
}

param_schema! {
    /// `trends::rank::parse_market`: `invalid_market` otherwise.
    TrendMarket => string_enum(&["kospi", "kosdaq"], "The market")
}

param_schema! {
    /// `trends::rank::parse_optional_market`: empty (or absent) is both markets.
    TrendMarketOrEmpty => or_empty(
        RefOr::Ref(Ref::from_schema_name("TrendMarket")),
        "`kospi` or `kosdaq`; empty or absent for both markets",
    )
}

param_schema! {
    /// `trends::rank::KEYS`: `invalid_trend_key` otherwise.
    TrendKey => string_enum(
        &[
            "rising",
            "falling",
            "trading_value",
            "volume",
            "market_cap",
            "foreign_net_buying",
            "popular",
            "collection_a",
            "collection_b",
        ],
        "What the list ranks by; `collection_a` is 거래대금 상위 and `collection_b` 시가총액 상위",
    )
}

param_schema! {
    /// Position in a ranked trend list: the `next_cursor` of the previous page.
    RankCursor => or_empty(
        string(whole("[1-9][0-9]{0,5}"), "20", "Opaque"),
        "The `next_cursor` of the previous page of the same list; empty or absent for the first page",
    )
}

param_schema! {
    /// Top sectors (default 5).
    TopSectorsLimit => limit(50, 5)
}

param_schema! {
    /// A WICS industry group code as the sector list gives it (an unknown one is
    /// `sector_not_found`).
    WicsSectorCode => string(whole("G[0-9]{4}"), "G4530", "A WICS industry group code, e.g. `G4530`")
}

param_schema! {
    /// What popular stocks are counted by (`invalid_popular_by` otherwise).
    PopularBy => string_enum(
        &["news", "posts", "search", "trading_value"],
        "News items naming the stock, posts, searches (all in the last 24 hours) or today's trading value",
    )
}

// ---- The community (social host) ---------------------------------------------------

param_schema! {
    /// `api::social::parse_scope`: `invalid_scope` otherwise.
    PostScope => or_empty(
        string_enum(&["all", "mine"], "Whose posts"),
        "`all` (default) or `mine` (the member's own, hidden ones included; a visitor gets \
         401 `login_required`); empty is the same as absent",
    )
}

param_schema! {
    /// `api::social::parse_sort`: `invalid_sort` otherwise.
    PostSort => or_empty(
        string_enum(&["RECENT", "RANK_DESC"], "The order"),
        "`RECENT` (default, newest first) or `RANK_DESC` (docs/api.md, \"Ranking\"); empty is \
         the same as absent",
    )
}

param_schema! {
    /// `api::social::parse_category`: a board's categories (말머리), `invalid_category`
    /// otherwise.
    PostCategory => string_enum(
        &["opinion", "question", "news"],
        "말머리: `opinion` 의견, `question` 질문, `news` 뉴스·공시",
    )
}

param_schema! {
    /// A board filtered by one category, or every category.
    PostCategoryOrEmpty => or_empty(
        RefOr::Ref(Ref::from_schema_name("PostCategory")),
        "One category; empty or absent for every category",
    )
}

param_schema! {
    /// Position in a post list (its scope, sort and category).
    PostCursor => cursor("sise-post-cursor", "the same post list (scope, sort, category)")
}

param_schema! {
    /// Position in the notices.
    NoticeCursor => cursor("sise-notice-cursor", "the notices")
}

param_schema! {
    /// Position in the member's support messages.
    SupportCursor => cursor("sise-support-cursor", "the member's support messages")
}

param_schema! {
    /// Position in a list of insight articles (every one, featured, a security's, a
    /// contributor's, a search's).
    InsightCursor => cursor("sise-insight-cursor", "the same list of insight articles")
}

param_schema! {
    /// Insight article pages (spec §9: 10).
    InsightLimit => limit(50, 10)
}

param_schema! {
    /// Featured insight articles asked for at once.
    FeaturedLimit => limit(20, 5)
}

param_schema! {
    /// `api::insight::parse_scope`: `invalid_scope` otherwise.
    InsightScope => or_empty(
        string_enum(&["all", "featured"], "Which insight articles"),
        "`all` (default) or `featured`; empty is the same as absent",
    )
}

param_schema! {
    /// Position in a comment list (a post's, a comment's replies, the member's own).
    CommentCursor => cursor("sise-comment-cursor", "the same comment list")
}

param_schema! {
    /// Position in a post's liked users.
    LikedUserCursor => cursor("sise-liked-user-cursor", "the same post's liked users")
}

param_schema! {
    /// A post picture's id: the hex SHA-256 the social service names it by (any other
    /// text is `post_image_not_found`).
    PostImageId => string(
        whole("[0-9a-f]{64}"),
        "5f70bf18a086007016e948b04aed3b82103a36bea41755b6cddfaf10ace3c6ef",
        "A post picture (`images[].id` of a post)",
    )
}

param_schema! {
    /// `api::social::images::parse_size`: a stored edge length; empty is the same as absent
    /// (the large one). Anything else is `invalid_query`.
    PostImageSize => AnyOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(SchemaType::Type(Type::Integer))
                .enum_values(Some([360, 1280])),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(SchemaType::Type(Type::String))
                .max_length(Some(0)),
        )
        .description(Some("`360` (the list's thumbnail) or `1280` (default: the viewer's); empty is the same as absent"))
        .into()
}

param_schema! {
    /// What a report is about (`invalid_content_type` otherwise).
    ReportTarget => string_enum(&["post", "comment"], "A post or a comment")
}

param_schema! {
    /// Spec §5's report reasons (`invalid_report_type` otherwise).
    ReportReason => string_enum(
        &["commercial", "illegal", "obscene", "abuse", "privacy", "repeated", "other"],
        "`commercial` 상업적/홍보성, `illegal` 불법정보, `obscene` 음란성/선정성, `abuse` \
         욕설/인신공격, `privacy` 개인정보 노출, `repeated` 같은 내용 반복 게시, `other` 기타 \
         (the only one with a text)",
    )
}

param_schema! {
    /// What a support message is about (`invalid_support_category` otherwise).
    SupportCategoryName => string_enum(
        &["service", "account", "market", "community", "bug", "other"],
        "`service` 서비스 이용, `account` 계정·회원, `market` 시세·데이터, `community` \
         커뮤니티·신고, `bug` 오류 신고, `other` 기타",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern_of<T: PartialSchema>() -> regex::Regex {
        let RefOr::T(Schema::Object(object)) = T::schema() else {
            panic!("an object schema");
        };
        regex::Regex::new(&object.pattern.expect("a pattern")).expect("a regex")
    }

    /// A keyword the document calls valid is one the service does not trim to nothing (read
    /// here with Rust's regex, whose `\s` already holds NEL; the explicit `\u0085` is for
    /// ECMAScript readers of the document, such as Schemathesis, whose `\s` does not).
    #[test]
    fn keyword_pattern_follows_the_trim() {
        let keyword = pattern_of::<Keyword>();
        for text in [
            "a",
            " 삼성 ",
            "\u{feff}",
            "ㅅ",
            " \u{85}x",
            "\u{200b}",
            " ",
            "\u{85}",
            "\u{85}\u{3000}\t",
            "\u{a0}",
            "\u{2028}",
            "\n\r",
        ] {
            assert_eq!(keyword.is_match(text), !text.trim().is_empty(), "{text:?}");
        }
    }

    #[test]
    fn id_patterns_follow_the_parsers() {
        let security = pattern_of::<SecurityId>();
        for good in ["KOREA-A005930", "KOREA-A0001A0"] {
            assert!(security.is_match(good), "{good}");
        }
        for bad in [
            "KOREA-005930",
            "KOREA-A00593",
            "korea-A005930",
            "KOREA::A005930",
            "",
        ] {
            assert!(!security.is_match(bad), "{bad}");
        }
        let asset = pattern_of::<AssetId>();
        for good in [
            "INDEX-KOSPI",
            "INDEX::KPI200",
            "FOREX-USDKRW",
            "KOREA::A005930",
        ] {
            assert!(asset.is_match(good), "{good}");
        }
        for bad in [
            "INDEX-",
            "INDEX:KOSPI",
            "FOREX-USD",
            "INDEX-ABCDEFGHIJKLMNOPQ",
            "US-DJI",
        ] {
            assert!(!asset.is_match(bad), "{bad}");
        }
        let series = pattern_of::<SeriesAssetId>();
        assert!(series.is_match("FOREX::JPYKRW") && !series.is_match("KOREA-A005930"));
    }

    #[test]
    fn lists_have_their_maximum() {
        let ids = |n: usize| vec!["KOREA-A005930"; n].join(",");
        let quotes = pattern_of::<SecurityIdList200>();
        assert!(quotes.is_match(&ids(1)) && quotes.is_match(&ids(200)));
        assert!(!quotes.is_match(&ids(201)) && !quotes.is_match(""));
        let fifty = pattern_of::<SecurityIdList50>();
        assert!(fifty.is_match(&ids(50)) && !fifty.is_match(&ids(51)));
        assert!(
            !fifty.is_match("KOREA-A005930,") && !fifty.is_match("KOREA-A005930, KOREA-A000660")
        );
    }

    /// The converter's codes are the bundled board's plus the won.
    #[test]
    fn currencies_are_the_board_s() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../services/market/data");
        let board = std::fs::read_dir(&dir)
            .expect("dataset")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("fx_krw_board_") && n.ends_with(".csv"))
            })
            .expect("the bank board file");
        let text = std::fs::read_to_string(board).expect("read the board");
        let mut codes: Vec<&str> = text
            .lines()
            .skip(1)
            .filter_map(|line| line.split(',').nth(1))
            .collect();
        codes.push("KRW");
        codes.sort_unstable();
        codes.dedup();
        let mut listed = CURRENCIES.to_vec();
        listed.sort_unstable();
        assert_eq!(listed, codes);
    }
}
