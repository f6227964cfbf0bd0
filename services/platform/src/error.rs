//! Error codes shared by services and the gateway.
//!
//! A [`DomainError`] carries a stable snake_case `code` (for programs), a Korean `message`
//! (for people) and a [`ErrorKind`] that knows both its gRPC and HTTP status. Services
//! turn it into a `tonic::Status` (code in the `x-sise-error` metadata, the seconds to wait
//! of a refusal to come back later in `retry-after`); the gateway turns the status back
//! into the JSON body `{error, message}` (and the `Retry-After` header).

use std::borrow::Cow;
use std::fmt;

use http::StatusCode;
use tonic::{Code, Status};

const ERROR_METADATA: &str = "x-sise-error";
/// gRPC metadata of [`DomainError::retry_after_secs`]: whole seconds until a retry may work.
pub const RETRY_AFTER_METADATA: &str = "retry-after";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    InvalidArgument,
    NotFound,
    MethodNotAllowed,
    Unauthenticated,
    PermissionDenied,
    Conflict,
    /// A request body over the route's size limit.
    PayloadTooLarge,
    /// A client over its rate or its share of a bounded resource: retry later.
    TooManyRequests,
    /// The request took longer than the server allows.
    Timeout,
    /// The client took longer to send its request than the server waits (408).
    ClientTimeout,
    Unavailable,
    Internal,
}

impl ErrorKind {
    pub fn grpc_code(self) -> Code {
        match self {
            Self::InvalidArgument => Code::InvalidArgument,
            Self::NotFound => Code::NotFound,
            Self::MethodNotAllowed => Code::Unimplemented,
            Self::Unauthenticated => Code::Unauthenticated,
            Self::PermissionDenied => Code::PermissionDenied,
            Self::Conflict => Code::AlreadyExists,
            Self::PayloadTooLarge => Code::OutOfRange,
            Self::TooManyRequests => Code::ResourceExhausted,
            Self::Timeout | Self::ClientTimeout => Code::DeadlineExceeded,
            Self::Unavailable => Code::Unavailable,
            Self::Internal => Code::Internal,
        }
    }

    pub fn http_status(self) -> StatusCode {
        match self {
            Self::InvalidArgument => StatusCode::BAD_REQUEST,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Unauthenticated => StatusCode::UNAUTHORIZED,
            Self::PermissionDenied => StatusCode::FORBIDDEN,
            Self::Conflict => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            Self::Timeout => StatusCode::GATEWAY_TIMEOUT,
            Self::ClientTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// For statuses that carry no catalogue code (transport failures, panics).
    fn from_grpc(code: Code) -> Self {
        match code {
            Code::Unavailable | Code::DeadlineExceeded => Self::Unavailable,
            _ => Self::Internal,
        }
    }
}

/// Declares the catalogue: variant, stable code, kind, Korean message. A message may hold
/// `{max}`, filled by [`DomainError::with_max`].
macro_rules! catalogue {
    ($($(#[$doc:meta])* $variant:ident = ($code:literal, $kind:ident, $message:literal),)*) => {
        /// Every error code a client can see: the one catalogue (docs/api.md, "Errors").
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)*
        }

        impl ErrorCode {
            pub const ALL: &'static [ErrorCode] = &[$(Self::$variant,)*];

            /// The stable snake_case code programs read.
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $code,)* }
            }

            pub const fn kind(self) -> ErrorKind {
                match self { $(Self::$variant => ErrorKind::$kind,)* }
            }

            /// The Korean message people read (a template where it holds `{max}`).
            pub const fn message(self) -> &'static str {
                match self { $(Self::$variant => $message,)* }
            }

            pub fn parse(code: &str) -> Option<Self> {
                match code { $($code => Some(Self::$variant),)* _ => None }
            }
        }
    };
}

catalogue! {
    // Requests the gateway cannot read.
    InvalidQuery = ("invalid_query", InvalidArgument, "요청 값이 올바르지 않습니다."),
    InvalidPath = ("invalid_path", InvalidArgument, "요청 주소가 올바르지 않습니다."),
    InvalidRequestBody = ("invalid_request_body", InvalidArgument, "요청 본문이 올바르지 않습니다."),
    /// A body over its route's limit (2 MB unless the route says otherwise).
    RequestBodyTooLarge = ("request_body_too_large", PayloadTooLarge, "요청 본문이 너무 큽니다."),
    NotFound = ("not_found", NotFound, "요청한 주소를 찾을 수 없습니다."),
    MethodNotAllowed = ("method_not_allowed", MethodNotAllowed, "허용되지 않는 요청 방식입니다."),
    // Request rules shared by every call (`crate::request`).
    InvalidLimit = ("invalid_limit", InvalidArgument, "조회 개수는 1부터 {max}까지 지정할 수 있습니다."),
    InvalidDate = ("invalid_date", InvalidArgument, "날짜 형식이 올바르지 않습니다. (YYYY-MM-DD)"),
    InvalidCursor = ("invalid_cursor", InvalidArgument, "페이지 정보가 올바르지 않습니다."),
    // Market identifiers and parameters.
    InvalidSecurityId = ("invalid_security_id", InvalidArgument, "종목 코드 형식이 올바르지 않습니다."),
    InvalidAssetId = ("invalid_asset_id", InvalidArgument, "자산 코드 형식이 올바르지 않습니다."),
    UnsupportedAsset = ("unsupported_asset", InvalidArgument, "지수와 환율만 조회할 수 있습니다. 종목 차트는 종목 API를 이용해주세요."),
    MissingSecurityIds = ("missing_security_ids", InvalidArgument, "종목을 하나 이상 지정해주세요."),
    MissingAssetIds = ("missing_asset_ids", InvalidArgument, "자산을 하나 이상 지정해주세요."),
    BioTooLong = ("bio_too_long", InvalidArgument, "소개는 {max}자까지 쓸 수 있습니다."),
    TooManySecurities = ("too_many_securities", InvalidArgument, "한 번에 {max}개까지 조회할 수 있습니다."),
    TooManyAssets = ("too_many_assets", InvalidArgument, "한 번에 {max}개까지 조회할 수 있습니다."),
    /// Both `security_id` and `security_ids` given to one article call.
    InvalidRequest = ("invalid_request", InvalidArgument, "종목 지정 방식이 올바르지 않습니다."),
    InvalidCurrency = ("invalid_currency", InvalidArgument, "지원하지 않는 통화입니다."),
    InvalidAmount = ("invalid_amount", InvalidArgument, "금액은 0보다 크고 1조 이하인 숫자여야 합니다."),
    InvalidPeriod = ("invalid_period", InvalidArgument, "기간은 day, week, month, year 중 하나여야 합니다."),
    InvalidChartPeriod = ("invalid_chart_period", InvalidArgument, "차트 기간은 1d, 1w, 1m, 3m, 1y 중 하나여야 합니다."),
    /// A closed day asked of market that is not one of its latest closed trading dates.
    DayNotClosed = ("day_not_closed", Conflict, "최근에 마감된 거래일이 아닙니다."),
    InvalidStatementPeriod = ("invalid_statement_period", InvalidArgument, "기간은 quarterly 또는 yearly 여야 합니다."),
    InvalidOs = ("invalid_os", InvalidArgument, "os 값이 올바르지 않습니다. (web, android, ios)"),
    InvalidMarketCode = ("invalid_market_code", InvalidArgument, "market_code 값이 올바르지 않습니다."),
    InvalidVersionCode = ("invalid_version_code", InvalidArgument, "version_code 값이 올바르지 않습니다."),
    MissingKeyword = ("missing_keyword", InvalidArgument, "검색어를 입력해주세요."),
    KeywordTooLong = ("keyword_too_long", InvalidArgument, "검색어는 {max}자까지 입력할 수 있습니다."),
    InvalidMarket = ("invalid_market", InvalidArgument, "시장은 kospi 또는 kosdaq 이어야 합니다."),
    InvalidTrendKey = ("invalid_trend_key", InvalidArgument, "지원하지 않는 순위 기준입니다."),
    InvalidPopularBy = ("invalid_popular_by", InvalidArgument, "인기 종목 기준은 news, posts, search, trading_value 중 하나여야 합니다."),
    SecurityNotFound = ("security_not_found", NotFound, "종목을 찾을 수 없습니다."),
    AssetNotFound = ("asset_not_found", NotFound, "자산을 찾을 수 없습니다."),
    SectorNotFound = ("sector_not_found", NotFound, "업종을 찾을 수 없습니다."),
    TraderNotFound = ("trader_not_found", NotFound, "거래원 정보가 없습니다."),
    /// A listed security that is not an ETF, asked for ETF data.
    EtfNotFound = ("etf_not_found", NotFound, "ETF 정보가 없는 종목입니다."),
    // Members (the identity service; docs/api.md, "Membership").
    InvalidToken = ("invalid_token", Unauthenticated, "로그인이 필요합니다."),
    /// A member-only route called by a visitor.
    LoginRequired = ("login_required", Unauthenticated, "로그인이 필요합니다."),
    /// An operators' API called without a known operator token (`crate::operator`).
    OperatorRequired = ("operator_required", Unauthenticated, "운영자 인증이 필요합니다."),
    MissingKakaoToken = ("missing_kakao_token", InvalidArgument, "카카오 로그인 정보가 없습니다."),
    InvalidKakaoToken = ("invalid_kakao_token", Unauthenticated, "카카오 로그인 정보가 올바르지 않거나 만료되었습니다. 다시 로그인해주세요."),
    KakaoAccountRestricted = ("kakao_account_restricted", PermissionDenied, "카카오 계정을 사용할 수 없는 상태입니다. 카카오 고객센터에 문의해주세요."),
    LoginProviderUnavailable = ("login_provider_unavailable", Unavailable, "카카오 로그인을 잠시 이용할 수 없습니다. 잠시 후 다시 시도해주세요."),
    TooManyLoginAttempts = ("too_many_login_attempts", TooManyRequests, "로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요."),
    /// Login of a provider account with no member: the web sign-up starts (spec §4).
    UserNotFound = ("user_not_found", NotFound, "가입된 회원이 아닙니다."),
    /// Sign-up closed to the web, or barred after a termination (spec §4, §8).
    SignupInApp = ("signup_in_app", PermissionDenied, "회원가입은 증권플러스 앱에서 진행해주세요."),
    /// Login of a dormant member: the answer carries `code: 1000` and a release token.
    DormantUser = ("dormant_user", Unauthenticated, "휴면 상태인 계정입니다. 휴면 상태를 해제해주세요."),
    InvalidReleaseToken = ("invalid_release_token", Unauthenticated, "휴면 해제 정보가 올바르지 않거나 만료되었습니다. 다시 로그인해주세요."),
    /// Login of a suspended member: the answer carries `suspended_until`.
    UserSuspended = ("user_suspended", PermissionDenied, "이용이 정지된 계정입니다."),
    UserTerminated = ("user_terminated", PermissionDenied, "이용계약이 해지된 계정입니다."),
    UserExists = ("user_exists", Conflict, "이미 가입된 회원입니다."),
    AgreementsRequired = ("agreements_required", InvalidArgument, "필수사항 전체 동의가 필요합니다."),
    NicknameRequired = ("nickname_required", InvalidArgument, "닉네임을 입력해주세요."),
    NicknameTooLong = ("nickname_too_long", InvalidArgument, "12자 이내의 닉네임을 적어주세요."),
    NicknameTaken = ("nickname_taken", InvalidArgument, "이미 사용 중인 닉네임입니다."),
    NicknameRestricted = ("nickname_restricted", InvalidArgument, "사용할 수 없는 닉네임입니다. 개인정보나 운영자를 사칭하는 표현은 쓸 수 없습니다."),
    BirthYearRequired = ("birth_year_required", InvalidArgument, "출생년도를 입력해 주세요."),
    InvalidBirthYear = ("invalid_birth_year", InvalidArgument, "출생년도가 올바르지 않습니다."),
    UnderAge = ("under_age", InvalidArgument, "만 14세 이상만 가입할 수 있습니다."),
    GenderRequired = ("gender_required", InvalidArgument, "성별을 입력해 주세요."),
    InvalidEmail = ("invalid_email", InvalidArgument, "이메일 주소가 올바르지 않습니다."),
    InvalidSetting = ("invalid_setting", InvalidArgument, "설정 값이 올바르지 않습니다."),
    InvalidImage = ("invalid_image", InvalidArgument, "이미지 파일(JPEG, PNG, GIF, WebP)만 올릴 수 있습니다."),
    ImageTooLarge = ("image_too_large", PayloadTooLarge, "사진은 {max}MB까지 올릴 수 있습니다."),
    /// A picture whose header declares more pixels than the image door decodes (`crate::image`).
    ImageTooManyPixels = ("image_too_many_pixels", InvalidArgument, "사진의 해상도가 너무 큽니다. (최대 {max}만 화소)"),
    /// Every decode slot of the image door and its waiting line taken: 503 with `Retry-After`.
    ImageBusy = ("image_busy", Unavailable, "사진을 처리하는 요청이 많습니다. 잠시 후 다시 시도해주세요."),
    AvatarNotFound = ("avatar_not_found", NotFound, "사진을 찾을 수 없습니다."),
    MemberNotFound = ("member_not_found", NotFound, "회원을 찾을 수 없습니다."),
    /// Secession from a session older than `sessions.reauthentication_secs`: log in again.
    ReauthenticationRequired = ("reauthentication_required", PermissionDenied, "보안을 위해 다시 로그인한 뒤 탈퇴해 주세요."),
    InvalidSanction = ("invalid_sanction", InvalidArgument, "제재 정보가 올바르지 않습니다."),
    SanctionNotFound = ("sanction_not_found", NotFound, "제재 내역을 찾을 수 없습니다."),
    InvalidObjection = ("invalid_objection", InvalidArgument, "이의 신청 내용을 1자 이상 1000자 이내로 적어주세요."),
    // Favorites (docs/api.md, "Favorites").
    InvalidListName = ("invalid_list_name", InvalidArgument, "12글자 이내로 입력해주세요."),
    ListNotFound = ("list_not_found", NotFound, "관심그룹을 찾을 수 없습니다."),
    FavoriteStockNotFound = ("favorite_stock_not_found", NotFound, "관심종목을 찾을 수 없습니다."),
    TooManyLists = ("too_many_lists", Conflict, "관심그룹은 {max}개까지 만들 수 있습니다."),
    ListFull = ("list_full", Conflict, "관심그룹에는 {max}개까지 담을 수 있습니다."),
    InvalidOrder = ("invalid_order", InvalidArgument, "순서를 바꿀 목록이 올바르지 않습니다. 새로고침 후 다시 시도해주세요."),
    MissingIds = ("missing_ids", InvalidArgument, "대상을 하나 이상 지정해주세요."),
    TooManyIds = ("too_many_ids", InvalidArgument, "한 번에 {max}개까지 지정할 수 있습니다."),
    FavoritesPrivate = ("favorites_private", PermissionDenied, "관심종목을 공개하지 않은 회원입니다."),
    // The community (the social service; docs/api.md, "Community").
    PostNotFound = ("post_not_found", NotFound, "게시글을 찾을 수 없습니다."),
    CommentNotFound = ("comment_not_found", NotFound, "댓글을 찾을 수 없습니다."),
    PostImageNotFound = ("post_image_not_found", NotFound, "사진을 찾을 수 없습니다."),
    ContentRequired = ("content_required", InvalidArgument, "내용을 입력해주세요."),
    PostTooLong = ("post_too_long", InvalidArgument, "글은 {max}자까지 쓸 수 있습니다."),
    CommentTooLong = ("comment_too_long", InvalidArgument, "댓글은 {max}자까지 쓸 수 있습니다."),
    InvalidCategory = ("invalid_category", InvalidArgument, "말머리는 opinion(의견), question(질문), news(뉴스·공시) 중 하나여야 합니다."),
    InvalidScope = ("invalid_scope", InvalidArgument, "조회 범위는 all 또는 mine 이어야 합니다."),
    InvalidSort = ("invalid_sort", InvalidArgument, "정렬 기준은 RECENT 또는 RANK_DESC 여야 합니다."),
    InvalidContentType = ("invalid_content_type", InvalidArgument, "대상 종류가 올바르지 않습니다."),
    TooManyImages = ("too_many_images", InvalidArgument, "사진은 {max}장까지 올릴 수 있습니다."),
    /// Over the member's posts of the day (KST): 429 until midnight.
    DailyPostLimit = ("daily_post_limit", TooManyRequests, "글은 하루에 {max}개까지 쓸 수 있습니다. 내일 다시 시도해주세요."),
    DailyCommentLimit = ("daily_comment_limit", TooManyRequests, "댓글은 하루에 {max}개까지 쓸 수 있습니다. 내일 다시 시도해주세요."),
    /// The same text from the same member again within the duplicate window.
    DuplicateContent = ("duplicate_content", Conflict, "같은 내용을 연달아 올릴 수 없습니다. 잠시 후 다시 시도해주세요."),
    /// Commenting on or reacting to hidden content.
    ContentHidden = ("content_hidden", Conflict, "숨겨진 글에는 댓글이나 공감을 남길 수 없습니다."),
    InvalidReportType = ("invalid_report_type", InvalidArgument, "신고 사유를 선택해주세요."),
    ReportTextNotAllowed = ("report_text_not_allowed", InvalidArgument, "신고 내용은 기타 사유를 선택했을 때만 적을 수 있습니다."),
    ReportTextTooLong = ("report_text_too_long", InvalidArgument, "신고 내용은 {max}자까지 적을 수 있습니다."),
    AlreadyReported = ("already_reported", Conflict, "이미 신고하셨습니다."),
    CannotReportOwn = ("cannot_report_own", InvalidArgument, "내가 쓴 글은 신고할 수 없습니다."),
    /// An objection to content that is not hidden, or not the caller's.
    NotHidden = ("not_hidden", Conflict, "숨겨진 글이 아니어서 이의를 신청할 수 없습니다."),
    AlreadyObjected = ("already_objected", Conflict, "이미 이의를 신청했습니다. 운영자가 검토하고 있습니다."),
    /// An operator's hide without a reason.
    ReasonRequired = ("reason_required", InvalidArgument, "사유를 적어주세요."),
    // Topics (the social service; docs/api.md, "Topics").
    TopicNotFound = ("topic_not_found", NotFound, "테마를 찾을 수 없습니다."),
    // Notices (the social service; docs/api.md, "Notices").
    NoticeNotFound = ("notice_not_found", NotFound, "공지사항을 찾을 수 없습니다."),
    TitleRequired = ("title_required", InvalidArgument, "제목을 입력해주세요."),
    TitleTooLong = ("title_too_long", InvalidArgument, "제목은 {max}자까지 쓸 수 있습니다."),
    NoticeTooLong = ("notice_too_long", InvalidArgument, "공지사항은 {max}자까지 쓸 수 있습니다."),
    /// Withdrawing a notice before it has stayed its days (spec §9).
    NoticeTooRecent = ("notice_too_recent", Conflict, "공지사항은 게시하고 {max}일이 지나야 내릴 수 있습니다."),
    // Customer support (the social service; docs/api.md, "Customer support").
    SupportMessageNotFound = ("support_message_not_found", NotFound, "문의를 찾을 수 없습니다."),
    InvalidSupportCategory = ("invalid_support_category", InvalidArgument, "문의 유형을 선택해주세요."),
    SupportMessageTooLong = ("support_message_too_long", InvalidArgument, "문의 내용은 {max}자까지 쓸 수 있습니다."),
    AnswerRequired = ("answer_required", InvalidArgument, "답변을 입력해주세요."),
    AnswerTooLong = ("answer_too_long", InvalidArgument, "답변은 {max}자까지 쓸 수 있습니다."),
    /// Over the member's support messages of the day (KST): 429 until midnight.
    DailySupportLimit = ("daily_support_limit", TooManyRequests, "문의는 하루에 {max}개까지 남길 수 있습니다. 내일 다시 시도해주세요."),
    // Insight articles and contributors (the social service; docs/api.md, "Insight articles").
    InsightArticleNotFound = ("insight_article_not_found", NotFound, "인사이트 글을 찾을 수 없습니다."),
    ContributorNotFound = ("contributor_not_found", NotFound, "기고자를 찾을 수 없습니다."),
    /// Publishing for a member who is not (or no longer) a contributor.
    NotAContributor = ("not_a_contributor", Conflict, "기고자로 등록된 회원이 아닙니다."),
    InvalidArticleContent = ("invalid_article_content", InvalidArgument, "글 내용의 형식이 올바르지 않습니다."),
    ArticleTooLong = ("article_too_long", InvalidArgument, "글은 {max}자까지 쓸 수 있습니다."),
    // Contests (the social service; docs/api.md, "Contests").
    ContestNotFound = ("contest_not_found", NotFound, "대회를 찾을 수 없습니다."),
    RankerNotFound = ("ranker_not_found", NotFound, "참가 기록을 찾을 수 없습니다."),
    ContestNotRunning = ("contest_not_running", Conflict, "진행 중인 대회에만 참가할 수 있습니다."),
    /// An operator's change of a contest that has ended (its end and prices stay).
    ContestEnded = ("contest_ended", Conflict, "이미 끝난 대회입니다."),
    /// An operator ending a contest that has not started.
    ContestNotStarted = ("contest_not_started", Conflict, "아직 시작하지 않은 대회입니다."),
    AlreadyEntered = ("already_entered", Conflict, "이미 참가한 대회입니다."),
    ContestFull = ("contest_full", Conflict, "대회 참가 인원({max}명)이 가득 찼습니다."),
    InvalidPicks = ("invalid_picks", InvalidArgument, "종목은 서로 다른 1개부터 {max}개까지 고를 수 있습니다."),
    InvalidContestPeriod = ("invalid_contest_period", InvalidArgument, "대회 기간이 올바르지 않습니다. (최대 {max}일)"),
    // Around the pages: maintenance, the promotion, analytics and error reports (the social
    // service and the gateway; docs/api.md, "Around the pages").
    MaintenanceUrlRequired = ("maintenance_url_required", InvalidArgument, "점검 중에 보낼 주소를 입력해주세요."),
    InvalidUrl = ("invalid_url", InvalidArgument, "주소가 올바르지 않습니다."),
    MaintenanceMessageTooLong = ("maintenance_message_too_long", InvalidArgument, "점검 안내는 {max}자까지 쓸 수 있습니다."),
    PromotionNotFound = ("promotion_not_found", NotFound, "진행 중인 이벤트가 없습니다."),
    PromotionTooLong = ("promotion_too_long", InvalidArgument, "이벤트 내용은 {max}자까지 쓸 수 있습니다."),
    InvalidPromotionPeriod = ("invalid_promotion_period", InvalidArgument, "이벤트 기간이 올바르지 않습니다. (최대 {max}일)"),
    InvalidAnalyticsEvents = ("invalid_analytics_events", InvalidArgument, "분석 이벤트의 형식이 올바르지 않습니다."),
    /// Spec §5: at most 1,000 user properties.
    TooManyUserProperties = ("too_many_user_properties", InvalidArgument, "사용자 속성은 {max}개까지 보낼 수 있습니다."),
    /// Spec §5: a number, string, boolean or an array of those.
    InvalidUserProperty = ("invalid_user_property", InvalidArgument, "사용자 속성 값은 숫자, 문자열, 참·거짓 또는 그 배열이어야 합니다."),
    /// Spec §5: a revenue's quantity above 0.
    InvalidRevenueQuantity = ("invalid_revenue_quantity", InvalidArgument, "수량은 0보다 커야 합니다."),
    AnalyticsTooLarge = ("analytics_too_large", PayloadTooLarge, "분석 이벤트는 한 번에 {max}KB까지 보낼 수 있습니다."),
    InvalidErrorReport = ("invalid_error_report", InvalidArgument, "오류 보고의 형식이 올바르지 않습니다."),
    /// The request's body did not arrive in time.
    RequestBodyTimeout = ("request_body_timeout", ClientTimeout, "요청을 받는 시간이 초과되었습니다. 다시 시도해주세요."),
    // Bounds of the public edge (the gateway's limits).
    TooManyRequests = ("too_many_requests", TooManyRequests, "요청이 너무 많습니다. 잠시 후 다시 시도해주세요."),
    TooManyStreams = ("too_many_streams", TooManyRequests, "실시간 시세 연결이 너무 많습니다. 잠시 후 다시 시도해주세요."),
    RequestTimeout = ("request_timeout", Timeout, "응답 시간이 초과되었습니다. 잠시 후 다시 시도해주세요."),
    // Failures of ours: opaque to the client, details in the log.
    Internal = ("internal_error", Internal, "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요."),
    Unavailable = ("service_unavailable", Unavailable, "서비스에 연결할 수 없습니다. 잠시 후 다시 시도해주세요."),
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for ErrorCode {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<&str> for ErrorCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// An error a user or client can act on: a catalogue code and its message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct DomainError {
    pub code: ErrorCode,
    pub message: Cow<'static, str>,
    /// Seconds after which the same request may succeed (a throttle, a full queue): the
    /// gateway answers it as `Retry-After`.
    pub retry_after_secs: Option<u64>,
}

impl From<ErrorCode> for DomainError {
    fn from(code: ErrorCode) -> Self {
        Self::with_message(code, code.message())
    }
}

impl DomainError {
    /// `code` with a message of its own (one that names the case, e.g. a last day).
    pub fn with_message(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        Self {
            code,
            message: message.into(),
            retry_after_secs: None,
        }
    }

    pub fn kind(&self) -> ErrorKind {
        self.code.kind()
    }

    /// A code whose message names a maximum (`invalid_limit`, `too_many_*`).
    pub fn with_max(code: ErrorCode, max: impl fmt::Display) -> Self {
        Self::with_message(code, code.message().replace("{max}", &max.to_string()))
    }

    /// The same error, telling the client to come back after `secs` seconds (at least 1).
    #[must_use]
    pub fn retry_after(mut self, secs: u64) -> Self {
        self.retry_after_secs = Some(secs.max(1));
        self
    }

    /// A page size outside `1..=max` (or not a number).
    pub fn invalid_limit(max: impl fmt::Display) -> Self {
        Self::with_max(ErrorCode::InvalidLimit, max)
    }

    /// An opaque server error: the details go to the log, never to the client.
    pub fn internal() -> Self {
        ErrorCode::Internal.into()
    }

    pub fn unavailable() -> Self {
        ErrorCode::Unavailable.into()
    }

    /// Read an error back from a gRPC status produced by [`From<DomainError> for Status`].
    /// Statuses without a catalogue code (transport failures, panics) become opaque errors.
    pub fn from_status(status: &Status) -> Self {
        let code = status
            .metadata()
            .get(ERROR_METADATA)
            .and_then(|v| v.to_str().ok())
            .and_then(ErrorCode::parse);
        match code {
            Some(code) => Self {
                code,
                message: Cow::Owned(status.message().to_owned()),
                retry_after_secs: status
                    .metadata()
                    .get(RETRY_AFTER_METADATA)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse().ok()),
            },
            None if ErrorKind::from_grpc(status.code()) == ErrorKind::Unavailable => {
                Self::unavailable()
            }
            None => Self::internal(),
        }
    }
}

impl From<DomainError> for Status {
    fn from(error: DomainError) -> Self {
        let mut status = Status::new(error.kind().grpc_code(), error.message.into_owned());
        status.metadata_mut().insert(
            ERROR_METADATA,
            tonic::metadata::MetadataValue::from_static(error.code.as_str()),
        );
        if let Some(secs) = error.retry_after_secs {
            status
                .metadata_mut()
                .insert(RETRY_AFTER_METADATA, secs.into());
        }
        status
    }
}

/// Log an unexpected failure and answer with an opaque internal status.
pub fn internal_status(error: anyhow::Error) -> Status {
    tracing::error!(error = format!("{error:#}"), "unexpected error");
    DomainError::internal().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_grpc_status() {
        let error = DomainError::from(ErrorCode::SecurityNotFound);
        let status: Status = error.clone().into();
        assert_eq!(status.code(), Code::NotFound);
        let back = DomainError::from_status(&status);
        assert_eq!(back, error);
        assert_eq!(back.kind().http_status(), StatusCode::NOT_FOUND);
        assert_eq!(back.retry_after_secs, None);
    }

    #[test]
    fn retry_after_travels_with_the_status() {
        let error = DomainError::from(ErrorCode::ImageBusy).retry_after(3);
        let status: Status = error.clone().into();
        assert_eq!(status.code(), Code::Unavailable);
        assert_eq!(
            status
                .metadata()
                .get(RETRY_AFTER_METADATA)
                .map(|v| v.to_str().ok()),
            Some(Some("3"))
        );
        let back = DomainError::from_status(&status);
        assert_eq!(back, error);
        assert_eq!(back.kind().http_status(), StatusCode::SERVICE_UNAVAILABLE);
        // Never "retry after 0 seconds".
        assert_eq!(
            DomainError::from(ErrorCode::ImageBusy)
                .retry_after(0)
                .retry_after_secs,
            Some(1)
        );
    }

    #[test]
    fn foreign_statuses_are_opaque() {
        let back = DomainError::from_status(&Status::internal("db password wrong"));
        assert_eq!(back.code, "internal_error");
        assert!(!back.message.contains("password"));
        let back = DomainError::from_status(&Status::unavailable("connection refused"));
        assert_eq!(back.kind(), ErrorKind::Unavailable);
    }

    #[test]
    fn the_catalogue_has_one_entry_per_code() {
        let mut codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), ErrorCode::ALL.len(), "a code is listed twice");
        for code in ErrorCode::ALL {
            assert_eq!(ErrorCode::parse(code.as_str()), Some(*code));
            assert!(!code.message().is_empty());
        }
        assert_eq!(
            DomainError::invalid_limit(500).message,
            "조회 개수는 1부터 500까지 지정할 수 있습니다."
        );
        assert_eq!(
            ErrorCode::MethodNotAllowed.kind().http_status(),
            StatusCode::METHOD_NOT_ALLOWED
        );
    }
}
