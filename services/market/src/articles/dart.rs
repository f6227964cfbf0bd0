//! OpenDART disclosures: the `list.json` client, the ingestor and the bundled seed.
//!
//! Protocol (공시검색, <https://opendart.fss.or.kr/guide/detail.do?apiGrpCd=DS001&apiId=2019001>):
//! `GET {base}/api/list.json?crtfc_key=…&bgn_de=YYYYMMDD&end_de=YYYYMMDD&page_no=N&page_count=100`
//! answers `{status, message, page_no, page_count, total_count, total_page, list: [{corp_code,
//! corp_name, stock_code, corp_cls, report_nm, rcept_no, flr_nm, rcept_dt, rm}]}`, newest
//! first. `status` "000" is success, "013" no data (an empty window, not an error); the
//! others are errors ([`status_meaning`]).
//!
//! A run covers the receipt dates from `lookback_days` ago (or the last complete run, if
//! older) to today, page by page, in sub-windows oldest first when the whole window has
//! more pages than a run reads (`max_pages`); the mark moves past each sub-window read
//! whole. A page that fails (network error, HTTP 5xx/429, status "020" rate limit, "800"
//! maintenance, "900" undefined error) is retried with exponential backoff from that same
//! page; a run that still fails leaves the mark where its last whole sub-window put it, so
//! the next run covers the rest again: nothing is lost, and a long outage is caught up over
//! a few runs. Pages go through the hardened client of [`super::http`] (body cap,
//! same-host redirects, public addresses only). Rows are deduplicated by rcept_no and each new row is
//! stored with its `events.market.disclosure_published` event in one transaction (the
//! outbox; the service's relay publishes it).

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use chrono::{Days, NaiveDate};
use prost::Message;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use sise_platform::bus::Headers;
use sise_platform::outbox;
use sise_proto::market::v1 as pb;

use super::config::DartSettings;
use super::http::{HttpClient, HttpError};
use super::store::{ArticleStore, NewDisclosure};
use super::text::{collapse, truncate_chars};
use crate::dataset::ListedStock;

pub const SUBJECT: &str = sise_platform::bus::acl::subjects::DISCLOSURE_PUBLISHED;
/// The bundled real filings (provenance in `data/SOURCES.md`, section 6).
pub const SEED_FILE: &str = "dart_list_sample_6stocks_20260508_20260821.json";
pub const SEED_VERSION: &str = "dart-list-sample-20260508-20260821";
const CORP_CODES_FILE: &str = "dart_corp_codes_listed_20260630.csv";
const SEED_META_KEY: &str = "disclosures_seed";
/// The last receipt date a run completed through (`YYYY-MM-DD`).
const MARK_META_KEY: &str = "dart_synced_through";
/// OpenDART limits a search without `corp_code` to three months.
const MAX_WINDOW_DAYS: u64 = 90;
/// Longest stored field, in characters (real values are far shorter: corp_code 8,
/// stock_code 6, rm a few letters, names a few dozen characters).
const CODE_CHARS: usize = 20;
const NAME_CHARS: usize = 100;
const REPORT_NAME_CHARS: usize = 300;

/// What an OpenDART status code means (the codes of the developer guide's 메시지 설명).
pub fn status_meaning(status: &str) -> Option<&'static str> {
    Some(match status {
        "000" => "정상",
        "010" => "등록되지 않은 키입니다.",
        "011" => "사용할 수 없는 키입니다. (일시적으로 사용 중지된 키)",
        "012" => "접근할 수 없는 IP입니다.",
        "013" => "조회된 데이타가 없습니다.",
        "014" => "파일이 존재하지 않습니다.",
        "020" => "요청 제한을 초과하였습니다.",
        "021" => "조회 가능한 회사 개수가 초과하였습니다. (최대 100건)",
        "100" => "필드의 부적절한 값입니다.",
        "101" => "부적절한 접근입니다.",
        "800" => "시스템 점검으로 인한 서비스가 중지 중입니다.",
        "900" => "정의되지 않은 오류가 발생하였습니다.",
        "901" => "사용자 계정의 개인정보 보유기간이 만료되어 사용할 수 없는 키입니다.",
        _ => return None,
    })
}

/// How the ingestor treats a status code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusClass {
    /// "000".
    Ok,
    /// "013": nothing in the window.
    NoData,
    /// Transient: retried with backoff ("020" rate limit, "800" maintenance, "900").
    Retry,
    /// Key, IP, request or unknown errors: retrying cannot help; the run stops.
    Fatal,
}

pub fn classify(status: &str) -> StatusClass {
    match status {
        "000" => StatusClass::Ok,
        "013" => StatusClass::NoData,
        "020" | "800" | "900" => StatusClass::Retry,
        _ => StatusClass::Fatal,
    }
}

/// One `list.json` answer. Error answers carry only `status` and `message`.
#[derive(Clone, Debug, Deserialize)]
pub struct ListResponse {
    pub status: String,
    #[serde(default)]
    pub message: String,
    #[serde(default)]
    pub page_no: u32,
    #[serde(default)]
    pub total_count: u64,
    #[serde(default)]
    pub total_page: u32,
    #[serde(default)]
    pub list: Vec<ListItem>,
}

/// One row of `list`.
#[derive(Clone, Debug, Deserialize)]
pub struct ListItem {
    pub corp_code: String,
    pub corp_name: String,
    #[serde(default)]
    pub stock_code: String,
    #[serde(default)]
    pub corp_cls: String,
    pub report_nm: String,
    pub rcept_no: String,
    #[serde(default)]
    pub flr_nm: String,
    pub rcept_dt: String,
    #[serde(default)]
    pub rm: String,
}

#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error(transparent)]
    Http(#[from] HttpError),
    #[error("malformed answer: {0}")]
    Malformed(String),
    #[error("OpenDART status {status}: {meaning} ({message})")]
    Provider {
        status: String,
        meaning: &'static str,
        message: String,
    },
}

impl FetchError {
    pub fn is_retryable(&self) -> bool {
        match self {
            Self::Malformed(_) => true,
            Self::Http(error) => error.is_retryable(),
            Self::Provider { status, .. } => classify(status) == StatusClass::Retry,
        }
    }
}

/// The `list.json` client.
#[derive(Clone)]
pub struct DartClient {
    http: HttpClient,
    base_url: String,
    api_key: SecretString,
    page_count: u32,
}

impl DartClient {
    pub fn new(settings: &DartSettings, api_key: SecretString) -> anyhow::Result<Self> {
        Ok(Self {
            http: HttpClient::new(settings.limits())?,
            base_url: settings.base_url.trim_end_matches('/').to_owned(),
            api_key,
            page_count: settings.page_count.clamp(1, 100),
        })
    }

    /// One page. `Ok` for "000" and "013" (empty list); other statuses are errors.
    pub async fn list(
        &self,
        bgn_de: NaiveDate,
        end_de: NaiveDate,
        page_no: u32,
    ) -> Result<ListResponse, FetchError> {
        let request = self
            .http
            .get(&format!("{}/api/list.json", self.base_url))
            .query(&[
                ("crtfc_key", self.api_key.expose_secret()),
                ("bgn_de", &bgn_de.format("%Y%m%d").to_string()),
                ("end_de", &end_de.format("%Y%m%d").to_string()),
                ("sort", "date"),
                ("sort_mth", "desc"),
                ("page_no", &page_no.to_string()),
                ("page_count", &self.page_count.to_string()),
            ]);
        let body = self.http.fetch(request).await?;
        parse_list(&body)
    }
}

/// One `list.json` body: `Ok` for "000" and "013" (an empty list); other statuses are
/// errors.
pub fn parse_list(body: &[u8]) -> Result<ListResponse, FetchError> {
    let mut answer: ListResponse =
        serde_json::from_slice(body).map_err(|e| FetchError::Malformed(e.to_string()))?;
    match classify(&answer.status) {
        StatusClass::Ok => Ok(answer),
        StatusClass::NoData => {
            answer.list.clear();
            answer.total_page = 0;
            Ok(answer)
        }
        StatusClass::Retry | StatusClass::Fatal => Err(FetchError::Provider {
            meaning: status_meaning(&answer.status).unwrap_or("알 수 없는 상태 코드"),
            status: truncate_chars(&collapse(&answer.status), 20),
            message: truncate_chars(&collapse(&answer.message), 300),
        }),
    }
}

/// corp_code → security id, from the DART corp-code file joined with the listing; the row's
/// own `stock_code` is the fallback when the corp code is not in the file.
#[derive(Debug, Default)]
pub struct CorpMap {
    by_corp_code: HashMap<String, String>,
    by_stock_code: HashMap<String, String>,
}

#[derive(Deserialize)]
struct CorpCodeRow {
    corp_code: String,
    stock_code: String,
}

impl CorpMap {
    pub fn load(dataset_dir: &Path, listing: &[ListedStock]) -> anyhow::Result<Self> {
        let by_stock_code: HashMap<String, String> = listing
            .iter()
            .map(|s| {
                (
                    s.security_id.code().to_owned(),
                    s.security_id.as_str().to_owned(),
                )
            })
            .collect();
        let path = dataset_dir.join(CORP_CODES_FILE);
        let mut reader = csv::Reader::from_path(&path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        let mut by_corp_code = HashMap::new();
        for row in reader.deserialize::<CorpCodeRow>() {
            let row = row.with_context(|| format!("malformed row in {}", path.display()))?;
            if let Some(id) = by_stock_code.get(row.stock_code.trim()) {
                by_corp_code.insert(row.corp_code.trim().to_owned(), id.clone());
            }
        }
        Ok(Self {
            by_corp_code,
            by_stock_code,
        })
    }

    pub fn resolve(&self, corp_code: &str, stock_code: &str) -> Option<String> {
        self.by_corp_code
            .get(corp_code)
            .or_else(|| self.by_stock_code.get(stock_code.trim()))
            .cloned()
    }

    pub fn len(&self) -> usize {
        self.by_corp_code.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_corp_code.is_empty()
    }
}

/// Clean one row: every field trimmed (DART pads `report_nm`), whitespace collapsed, control
/// characters dropped (PostgreSQL cannot store a NUL, and one bad row would fail its whole
/// page) and the length capped; the date parsed, the stock mapped. `None` for rows without
/// a usable rcept_no or date.
pub fn to_new_disclosure(item: &ListItem, corp_map: &CorpMap) -> Option<NewDisclosure> {
    let rcept_no = item.rcept_no.trim();
    if !super::cursor::is_rcept_no(rcept_no) {
        return None;
    }
    // Exactly `YYYYMMDD`: chrono alone also reads "0 1 1" or "2026811" as dates.
    let rcept_dt = item.rcept_dt.trim();
    if rcept_dt.len() != 8 || !rcept_dt.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rcept_dt = NaiveDate::parse_from_str(rcept_dt, "%Y%m%d").ok()?;
    let clean = |text: &str, max: usize| truncate_chars(&collapse(text), max);
    let corp_code = clean(&item.corp_code, CODE_CHARS);
    let stock_code = clean(&item.stock_code, CODE_CHARS);
    Some(NewDisclosure {
        rcept_no: rcept_no.to_owned(),
        security_id: corp_map.resolve(&corp_code, &stock_code),
        corp_code,
        corp_name: clean(&item.corp_name, NAME_CHARS),
        stock_code,
        report_nm: clean(&item.report_nm, REPORT_NAME_CHARS),
        flr_nm: clean(&item.flr_nm, NAME_CHARS),
        rcept_dt,
        rm: clean(&item.rm, CODE_CHARS),
    })
}

#[derive(Deserialize)]
struct SeedFile {
    list: Vec<ListItem>,
}

/// Load the bundled real filings once per [`SEED_VERSION`] (no events: they are not news
/// to anyone). Returns how many rows were new.
pub async fn seed(
    store: &ArticleStore,
    dataset_dir: &Path,
    corp_map: &CorpMap,
) -> anyhow::Result<Option<usize>> {
    if store.meta(SEED_META_KEY).await?.as_deref() == Some(SEED_VERSION) {
        return Ok(None);
    }
    let path = dataset_dir.join(SEED_FILE);
    let file: SeedFile = serde_json::from_slice(
        &std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?,
    )
    .with_context(|| format!("malformed {}", path.display()))?;
    let rows: Vec<NewDisclosure> = file
        .list
        .iter()
        .filter_map(|item| to_new_disclosure(item, corp_map))
        .collect();
    let inserted = store
        .insert_disclosures(&rows, chrono::Utc::now().timestamp_millis())
        .await?;
    store.set_meta(SEED_META_KEY, SEED_VERSION).await?;
    Ok(Some(inserted.len()))
}

/// Counters of the ingestor, for logs and tests.
#[derive(Debug, Default)]
pub struct DartStats {
    pub requests: AtomicU64,
    pub retries: AtomicU64,
    pub failed_runs: AtomicU64,
    pub inserted: AtomicU64,
    pub skipped_rows: AtomicU64,
}

/// The result of one complete run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunReport {
    pub bgn_de: NaiveDate,
    pub end_de: NaiveDate,
    pub pages: u32,
    pub rows: usize,
    pub inserted: usize,
}

pub struct DartIngestor {
    client: DartClient,
    store: ArticleStore,
    corp_map: Arc<CorpMap>,
    settings: DartSettings,
    stats: Arc<DartStats>,
}

impl DartIngestor {
    /// `None` when no API key is configured (the ingestor is disabled).
    pub fn new(
        settings: DartSettings,
        store: ArticleStore,
        corp_map: Arc<CorpMap>,
    ) -> anyhow::Result<Option<Self>> {
        let Some(api_key) = settings
            .api_key
            .clone()
            .filter(|k| !k.expose_secret().trim().is_empty())
        else {
            return Ok(None);
        };
        Ok(Some(Self {
            client: DartClient::new(&settings, api_key)?,
            store,
            corp_map,
            settings,
            stats: Arc::default(),
        }))
    }

    pub fn stats(&self) -> Arc<DartStats> {
        self.stats.clone()
    }

    /// Poll until cancelled: one run at once, then one every `poll_interval_secs`.
    pub async fn run(self, cancel: tokio_util::sync::CancellationToken) {
        let interval = Duration::from_secs(self.settings.poll_interval_secs.max(1));
        loop {
            let today = crate::simulator::now_kst().date_naive();
            tokio::select! {
                result = self.run_once(today) => match result {
                    Ok(report) => tracing::info!(
                        pages = report.pages, rows = report.rows, inserted = report.inserted,
                        "OpenDART ingestion run complete"
                    ),
                    Err(error) => tracing::warn!(
                        error = format!("{error:#}"),
                        "OpenDART ingestion run failed; the next run covers the window again"
                    ),
                },
                () = cancel.cancelled() => return,
            }
            tokio::select! {
                () = tokio::time::sleep(interval) => {}
                () = cancel.cancelled() => return,
            }
        }
    }

    /// The window of a run on `today`: from `lookback_days` back, or from the last complete
    /// run if that is older (at most 90 days back), to today.
    pub async fn window(&self, today: NaiveDate) -> anyhow::Result<(NaiveDate, NaiveDate)> {
        let lookback = today
            .checked_sub_days(Days::new(u64::from(self.settings.lookback_days)))
            .unwrap_or(today);
        let oldest = today
            .checked_sub_days(Days::new(MAX_WINDOW_DAYS))
            .unwrap_or(today);
        let mark = self
            .store
            .meta(MARK_META_KEY)
            .await?
            .and_then(|m| NaiveDate::parse_from_str(&m, "%Y-%m-%d").ok());
        let bgn = match mark {
            Some(mark) if mark < lookback => mark.max(oldest),
            _ => lookback,
        };
        Ok((bgn, today))
    }

    /// One run over [`DartIngestor::window`], read in sub-windows oldest first
    /// ([`DartIngestor::catch_up`]): the mark moves to the end of each sub-window read
    /// whole, so to `today` once the run completes, and a run that stops keeps the days it
    /// finished.
    pub async fn run_once(&self, today: NaiveDate) -> anyhow::Result<RunReport> {
        let (bgn, end) = self.window(today).await?;
        let mut report = RunReport {
            bgn_de: bgn,
            end_de: end,
            pages: 0,
            rows: 0,
            inserted: 0,
        };
        match self.catch_up(bgn, end, &mut report).await {
            Ok(()) => Ok(report),
            Err(error) => {
                self.stats.failed_runs.fetch_add(1, Ordering::Relaxed);
                Err(error)
            }
        }
    }

    /// Every page of `bgn..=end` within `max_pages` pages, oldest days first. A sub-window
    /// starts as the rest of the window; when its first page announces more pages than the
    /// run has left, it shrinks to the days that many rows would cover at its own density
    /// (a day at least) and its first page is read again. Each sub-window read whole moves
    /// the mark to its last day. A run fails, after storing the pages it read, when the pages
    /// are spent: at a sub-window that does not fit what is left (the next run starts there
    /// with all its pages), or at a single day with more pages than a run reads, which is read
    /// as far as the cap, so a server that always announces another page cannot keep a run
    /// going. Only pages of one window are read in order, newest first: filings arriving
    /// meanwhile push rows down (seen twice) but never past a page still to read.
    async fn catch_up(
        &self,
        mut bgn: NaiveDate,
        end: NaiveDate,
        report: &mut RunReport,
    ) -> anyhow::Result<()> {
        let budget = self.settings.max_pages.max(1);
        let page_count = u64::from(self.settings.page_count.clamp(1, 100));
        let spent = |from: NaiveDate| {
            anyhow::anyhow!(
                "OpenDART's window needs more pages than a run reads ({budget}, \
                 dart.max_pages); the days before {from} are complete, the next run goes on"
            )
        };
        while bgn <= end {
            let fresh = report.pages == 0;
            let mut sub_end = end;
            let mut page = loop {
                if report.pages >= budget {
                    return Err(spent(bgn));
                }
                let page = self.read_page(bgn, sub_end, 1, report).await?;
                let more = page.total_page.saturating_sub(1);
                if page.list.is_empty() || more <= budget - report.pages {
                    break page;
                }
                if bgn == sub_end {
                    if fresh {
                        // A run cannot read this day whole: as far as the cap, then fail.
                        break page;
                    }
                    return Err(spent(bgn));
                }
                let days = u64::try_from((sub_end - bgn).num_days()).unwrap_or(0) + 1;
                let rows_left = u64::from(budget - report.pages) * page_count;
                let fit = (days * rows_left / page.total_count.max(1)).max(1);
                let shrunk = bgn.checked_add_days(Days::new(fit - 1)).unwrap_or(bgn);
                sub_end = shrunk.min(sub_end.pred_opt().unwrap_or(bgn)).max(bgn);
            };
            let mut page_no = 1;
            while !page.list.is_empty() && page_no < page.total_page {
                if report.pages >= budget {
                    anyhow::bail!(
                        "OpenDART announced {} pages; a run reads at most {budget} \
                         (dart.max_pages)",
                        page.total_page
                    );
                }
                page_no += 1;
                page = self.read_page(bgn, sub_end, page_no, report).await?;
            }
            self.store
                .set_meta(MARK_META_KEY, &sub_end.format("%Y-%m-%d").to_string())
                .await?;
            match sub_end.succ_opt() {
                Some(next) => bgn = next,
                None => break,
            }
        }
        Ok(())
    }

    /// One page of `bgn..=end`, stored and counted in `report`.
    async fn read_page(
        &self,
        bgn: NaiveDate,
        end: NaiveDate,
        page_no: u32,
        report: &mut RunReport,
    ) -> anyhow::Result<ListResponse> {
        let page = self.fetch_with_retry(bgn, end, page_no).await?;
        report.pages += 1;
        report.rows += page.list.len();
        report.inserted += self.store_page(&page.list).await?;
        Ok(page)
    }

    async fn fetch_with_retry(
        &self,
        bgn: NaiveDate,
        end: NaiveDate,
        page_no: u32,
    ) -> anyhow::Result<ListResponse> {
        let retry = &self.settings.retry;
        let mut attempt = 1;
        loop {
            self.stats.requests.fetch_add(1, Ordering::Relaxed);
            match self.client.list(bgn, end, page_no).await {
                Ok(page) => return Ok(page),
                Err(error) if error.is_retryable() && attempt < retry.attempts() => {
                    let wait = retry.backoff(attempt);
                    tracing::warn!(
                        %error, page_no, attempt, wait_ms = wait.as_millis() as u64,
                        "OpenDART request failed; retrying the same page"
                    );
                    self.stats.retries.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
                Err(error) => {
                    return Err(anyhow::Error::new(error))
                        .with_context(|| format!("OpenDART list.json page {page_no}"));
                }
            }
        }
    }

    /// Store one page and, in the same transaction, an event per new row (the outbox; the
    /// service's relay publishes them). Consumers key the event by `rcept_no`.
    async fn store_page(&self, items: &[ListItem]) -> anyhow::Result<usize> {
        let rows: Vec<NewDisclosure> = items
            .iter()
            .filter_map(|item| {
                let row = to_new_disclosure(item, &self.corp_map);
                if row.is_none() {
                    self.stats.skipped_rows.fetch_add(1, Ordering::Relaxed);
                    tracing::warn!(rcept_no = item.rcept_no, "skipping malformed OpenDART row");
                }
                row
            })
            .collect();
        let now = chrono::Utc::now().timestamp_millis();
        let db = self.store.database();
        let mut tx = db.begin().await?;
        let inserted = ArticleStore::insert_disclosures_in(&mut tx, &rows, now).await?;
        for disclosure in &inserted {
            let event = pb::DisclosurePublished {
                disclosure: Some(super::grpc::disclosure_to_proto(disclosure.clone())),
            };
            outbox::enqueue(&mut tx, SUBJECT, Headers::new(), &event.encode_to_vec()).await?;
        }
        outbox::commit(db, tx).await?;
        self.stats
            .inserted
            .fetch_add(inserted.len() as u64, Ordering::Relaxed);
        Ok(inserted.len())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn maps_every_documented_status() {
        assert_eq!(classify("000"), StatusClass::Ok);
        assert_eq!(classify("013"), StatusClass::NoData);
        for status in ["020", "800", "900"] {
            assert_eq!(classify(status), StatusClass::Retry, "{status}");
        }
        for status in [
            "010", "011", "012", "014", "021", "100", "101", "901", "999", "",
        ] {
            assert_eq!(classify(status), StatusClass::Fatal, "{status}");
        }
        for status in [
            "000", "010", "011", "012", "013", "014", "020", "021", "100", "101", "800", "900",
            "901",
        ] {
            assert!(status_meaning(status).is_some(), "{status}");
        }
        assert_eq!(status_meaning("013"), Some("조회된 데이타가 없습니다."));
        assert_eq!(status_meaning("020"), Some("요청 제한을 초과하였습니다."));
        assert_eq!(status_meaning("123"), None);
    }

    #[test]
    fn retryable_errors() {
        let provider = |status: &str| FetchError::Provider {
            status: status.into(),
            meaning: "",
            message: String::new(),
        };
        assert!(provider("020").is_retryable());
        assert!(provider("800").is_retryable());
        assert!(!provider("010").is_retryable());
        assert!(!provider("100").is_retryable());
        let http = |status| FetchError::Http(HttpError::Status(status));
        assert!(http(reqwest::StatusCode::BAD_GATEWAY).is_retryable());
        assert!(http(reqwest::StatusCode::TOO_MANY_REQUESTS).is_retryable());
        assert!(!http(reqwest::StatusCode::NOT_FOUND).is_retryable());
        assert!(!FetchError::Http(HttpError::TooLarge { limit: 1 }).is_retryable());
    }

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    #[test]
    fn maps_corp_codes_through_the_listing_and_cleans_rows() {
        let listing = crate::dataset::load_listing(&data_dir()).expect("listing");
        let map = CorpMap::load(&data_dir(), &listing).expect("corp map");
        assert!(map.len() > 2_500, "{}", map.len());
        assert_eq!(
            map.resolve("00126380", "").as_deref(),
            Some("KOREA-A005930")
        );
        // Not in the corp-code file: the row's own stock code, if listed.
        assert_eq!(
            map.resolve("99999999", "000660").as_deref(),
            Some("KOREA-A000660")
        );
        assert_eq!(map.resolve("99999999", ""), None);
        assert_eq!(map.resolve("99999999", "999999"), None);

        let item = ListItem {
            corp_code: "00126380".into(),
            corp_name: "삼성전자".into(),
            stock_code: "005930".into(),
            corp_cls: "Y".into(),
            report_nm: "  분기보고서 (2026.06)    ".into(),
            rcept_no: "20260814001234".into(),
            flr_nm: "삼성전자".into(),
            rcept_dt: "20260814".into(),
            rm: "".into(),
        };
        let row = to_new_disclosure(&item, &map).expect("row");
        assert_eq!(row.report_nm, "분기보고서 (2026.06)");
        assert_eq!(row.security_id.as_deref(), Some("KOREA-A005930"));
        assert_eq!(
            row.rcept_dt,
            NaiveDate::from_ymd_opt(2026, 8, 14).expect("d")
        );
        let bad_date = ListItem {
            rcept_dt: "2026-08-14".into(),
            ..item.clone()
        };
        assert!(to_new_disclosure(&bad_date, &map).is_none());
        let bad_no = ListItem {
            rcept_no: "R1".into(),
            ..item
        };
        assert!(to_new_disclosure(&bad_no, &map).is_none());
    }

    fn corp_map() -> &'static CorpMap {
        static MAP: std::sync::OnceLock<CorpMap> = std::sync::OnceLock::new();
        MAP.get_or_init(|| {
            let listing = crate::dataset::load_listing(&data_dir()).expect("listing");
            CorpMap::load(&data_dir(), &listing).expect("corp map")
        })
    }

    #[test]
    fn rows_are_stored_clean() {
        let item = ListItem {
            corp_code: " 00126380\u{0}".into(),
            corp_name: "삼성\u{0}전자".into(),
            stock_code: "005930".into(),
            corp_cls: "Y".into(),
            report_nm: format!("분기보고서\t\n(2026.06) {}", "가".repeat(1_000)),
            rcept_no: "20260814001234".into(),
            flr_nm: "삼성전자".into(),
            rcept_dt: "20260814".into(),
            rm: "유\u{7}".into(),
        };
        let row = to_new_disclosure(&item, corp_map()).expect("row");
        assert_eq!(row.corp_code, "00126380");
        assert_eq!(row.corp_name, "삼성전자");
        assert_eq!(row.security_id.as_deref(), Some("KOREA-A005930"));
        assert!(row.report_nm.starts_with("분기보고서 (2026.06) 가가"));
        assert_eq!(row.report_nm.chars().count(), REPORT_NAME_CHARS);
        assert_eq!(row.rm, "유");
        for bad in ["0 1 1", "2026814", "2026 8 14", "+2026081"] {
            let item = ListItem {
                rcept_dt: bad.into(),
                ..item.clone()
            };
            assert!(to_new_disclosure(&item, corp_map()).is_none(), "{bad}");
        }
    }

    /// Any JSON value, to a few levels deep, with DART's field names likely.
    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        let key = prop_oneof![
            prop::sample::select(vec![
                "status",
                "message",
                "page_no",
                "total_page",
                "total_count",
                "list",
                "corp_code",
                "corp_name",
                "stock_code",
                "report_nm",
                "rcept_no",
                "rcept_dt",
                "flr_nm",
                "rm",
            ])
            .prop_map(str::to_owned),
            "[a-z_]{1,8}",
        ];
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<f64>().prop_map(serde_json::Value::from),
            prop::sample::select(vec!["000", "013", "020", "100", "999"])
                .prop_map(serde_json::Value::from),
            "\\PC{0,20}".prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(4, 64, 8, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
                prop::collection::btree_map(key.clone(), inner, 0..8)
                    .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
            ]
        })
    }

    fn list_item() -> impl Strategy<Value = ListItem> {
        let text = || prop_oneof!["\\PC{0,30}", "[0-9 ]{0,20}", any::<String>()];
        (
            (text(), text(), text(), text()),
            (text(), text(), text(), text(), text()),
        )
            .prop_map(
                |(
                    (corp_code, corp_name, stock_code, corp_cls),
                    (report_nm, rcept_no, flr_nm, rcept_dt, rm),
                )| {
                    ListItem {
                        corp_code,
                        corp_name,
                        stock_code,
                        corp_cls,
                        report_nm,
                        rcept_no,
                        flr_nm,
                        rcept_dt,
                        rm,
                    }
                },
            )
    }

    proptest! {
        #[test]
        fn prop_dart_arbitrary_bytes_never_panic(body in prop::collection::vec(any::<u8>(), 0..512)) {
            let _ = parse_list(&body);
        }

        #[test]
        fn prop_dart_arbitrary_json_is_parsed_or_refused(value in json_value()) {
            let body = serde_json::to_vec(&value).expect("json");
            match parse_list(&body) {
                Ok(answer) => {
                    prop_assert!(matches!(classify(&answer.status), StatusClass::Ok | StatusClass::NoData));
                    for item in &answer.list {
                        let _ = to_new_disclosure(item, corp_map());
                    }
                }
                Err(FetchError::Provider { status, message, .. }) => {
                    prop_assert!(status.chars().count() <= 20 && message.chars().count() <= 300);
                }
                Err(_) => {}
            }
        }

        #[test]
        fn prop_dart_rows_are_stored_clean_or_skipped(item in list_item()) {
            if let Some(row) = to_new_disclosure(&item, corp_map()) {
                prop_assert!(super::super::cursor::is_rcept_no(&row.rcept_no));
                prop_assert_eq!(row.rcept_dt.format("%Y%m%d").to_string(), item.rcept_dt.trim());
                for (text, max) in [
                    (&row.corp_code, CODE_CHARS),
                    (&row.stock_code, CODE_CHARS),
                    (&row.rm, CODE_CHARS),
                    (&row.corp_name, NAME_CHARS),
                    (&row.flr_nm, NAME_CHARS),
                    (&row.report_nm, REPORT_NAME_CHARS),
                ] {
                    prop_assert!(text.chars().count() <= max);
                    prop_assert!(!text.chars().any(char::is_control), "{:?}", text);
                }
                if let Some(id) = &row.security_id {
                    prop_assert!(crate::domain::SecurityId::parse(id).is_ok());
                }
            }
        }
    }

    #[test]
    fn parses_error_answers_without_list_fields() {
        let answer: ListResponse =
            serde_json::from_str(r#"{"status":"013","message":"조회된 데이타가 없습니다."}"#)
                .expect("parse");
        assert_eq!(answer.status, "013");
        assert!(answer.list.is_empty());
        assert_eq!(answer.total_page, 0);
    }
}
