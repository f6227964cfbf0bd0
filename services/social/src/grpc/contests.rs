//! Contests: `ContestService` for members and visitors (through the gateway; an entrant
//! from the signed metadata) and `ContestDeskService` for operators (on the operators'
//! listener: create, list, edit, end early). A ranking is computed from the simulator's quotes, fetched once for the
//! contest's distinct picks and kept a few seconds; an ended contest's prices are stored
//! the first time it is read after its end.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use chrono::{FixedOffset, TimeZone as _};
use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::PageLimit;
use sise_platform::time::now_ms;
use sise_platform::{member, operator};
use sise_proto::social::v1 as pb;
use tonic::{Request, Response, Status};

use super::settle;
use crate::contests::{MAX_ENTRIES, MAX_PICKS, Prices, Ranked, history, rank, state};
use crate::domain::{SecurityId, cursor, text};
use crate::members::Members;
use crate::store::Store;
use crate::store::contests::{ContestEdit, ContestRow, NewContest, PickRow};

/// Rankers a page.
pub const DEFAULT_LIMIT: u32 = 20;
pub const MAX_LIMIT: u32 = 50;
/// Contests listed (newest start first).
pub const LIST_LIMIT: i64 = 50;
pub const TITLE_MAX_CHARS: usize = 40;
pub const DESCRIPTION_MAX_CHARS: usize = 1_000;
pub const MAX_DAYS: i64 = 90;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// How long a computed ranking is served before the quotes are fetched again.
const RANKING_TTL: Duration = Duration::from_secs(2);

fn proto(contest: &ContestRow, now: i64) -> pb::Contest {
    pb::Contest {
        id: contest.id,
        title: contest.title.clone(),
        description: contest.description.clone(),
        starts_at_ms: contest.starts_at_ms,
        ends_at_ms: contest.ends_at_ms,
        state: state(contest, now) as i32,
        sample: contest.sample,
        entries: contest.entries,
    }
}

/// The KST trading date of `ms`, "YYYY-MM-DD".
fn kst_date(ms: i64) -> String {
    let kst = FixedOffset::east_opt(9 * 3600).expect("KST");
    kst.timestamp_millis_opt(ms)
        .single()
        .map(|t| t.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

pub struct ContestGrpc {
    store: Store,
    prices: Prices,
    members: Members,
    rankings: moka::sync::Cache<i64, Arc<Vec<Ranked>>>,
}

impl ContestGrpc {
    pub fn new(store: Store, prices: Prices, members: Members) -> Self {
        Self {
            store,
            prices,
            members,
            rankings: moka::sync::Cache::builder()
                .max_capacity(64)
                .time_to_live(RANKING_TTL)
                .build(),
        }
    }

    async fn contest(&self, id: i64) -> Result<ContestRow, Status> {
        self.store
            .contest(id)
            .await
            .map_err(internal_status)?
            .ok_or_else(|| DomainError::from(ErrorCode::ContestNotFound).into())
    }

    /// The contest's ranking: live prices while it runs, the stored end prices after.
    async fn ranking(&self, contest: &ContestRow) -> Result<Arc<Vec<Ranked>>, Status> {
        if let Some(ranking) = self.rankings.get(&contest.id) {
            return Ok(ranking);
        }
        let now = now_ms();
        let mut entries = self
            .store
            .contest_entries(contest.id)
            .await
            .map_err(internal_status)?;
        let ended = state(contest, now) == pb::ContestState::Ended;
        if ended && !contest.finalized && !entries.is_empty() {
            let prices = self.live(&entries).await?;
            self.store
                .finalize_contest(contest.id, &prices.into_iter().collect::<Vec<_>>())
                .await
                .map_err(internal_status)?;
            entries = self
                .store
                .contest_entries(contest.id)
                .await
                .map_err(internal_status)?;
        }
        let ranking = if ended {
            rank(entries, |p| p.final_price.unwrap_or(p.entry_price))
        } else {
            let live = self.live(&entries).await?;
            rank(entries, |p| {
                live.get(&p.security_id).copied().unwrap_or(p.entry_price)
            })
        };
        let ranking = Arc::new(ranking);
        self.rankings.insert(contest.id, ranking.clone());
        Ok(ranking)
    }

    /// Current prices of the entries' distinct picks.
    async fn live(
        &self,
        entries: &[crate::store::contests::EntryRow],
    ) -> Result<HashMap<String, f64>, Status> {
        let ids: BTreeSet<&String> = entries
            .iter()
            .flat_map(|e| e.picks.iter().map(|p| &p.security_id))
            .collect();
        let ids: Vec<String> = ids.into_iter().cloned().collect();
        self.prices.quotes(&ids).await
    }
}

#[tonic::async_trait]
impl pb::contest_service_server::ContestService for ContestGrpc {
    #[tracing::instrument(skip_all)]
    async fn list_contests(
        &self,
        _request: Request<pb::ListContestsRequest>,
    ) -> Result<Response<pb::ContestList>, Status> {
        let now = now_ms();
        let contests = self
            .store
            .contests(LIST_LIMIT)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::ContestList {
            contests: contests.iter().map(|c| proto(c, now)).collect(),
        }))
    }

    #[tracing::instrument(skip_all, fields(contest_id = request.get_ref().id))]
    async fn get_contest(
        &self,
        request: Request<pb::GetContestRequest>,
    ) -> Result<Response<pb::ContestDetail>, Status> {
        let viewer = member::optional(&request);
        let contest = self.contest(request.get_ref().id).await?;
        let mine = match viewer {
            Some(user_id) => self
                .ranking(&contest)
                .await?
                .iter()
                .find(|r| r.entry.user_id == user_id)
                .map(Ranked::proto),
            None => None,
        };
        Ok(Response::new(pb::ContestDetail {
            contest: Some(proto(&contest, now_ms())),
            mine,
        }))
    }

    #[tracing::instrument(skip_all, fields(contest_id = request.get_ref().contest_id))]
    async fn enter_contest(
        &self,
        request: Request<pb::EnterContestRequest>,
    ) -> Result<Response<pb::Ranker>, Status> {
        let user_id = member::required(&request)?;
        let r = request.get_ref();
        let invalid = || DomainError::with_max(ErrorCode::InvalidPicks, MAX_PICKS);
        if r.security_ids.is_empty() || r.security_ids.len() > MAX_PICKS {
            return Err(invalid().into());
        }
        let mut ids: Vec<SecurityId> = Vec::with_capacity(r.security_ids.len());
        for text in &r.security_ids {
            let id = SecurityId::parse(text)?;
            if ids.iter().any(|seen| seen.as_str() == id.as_str()) {
                return Err(invalid().into());
            }
            ids.push(id);
        }
        let contest = self.contest(r.contest_id).await?;
        let now = now_ms();
        if state(&contest, now) != pb::ContestState::Running {
            return Err(DomainError::from(ErrorCode::ContestNotRunning).into());
        }
        // Each pick at the simulator's price now, and its name as market lists it.
        let mut picks = Vec::with_capacity(ids.len());
        for id in &ids {
            let (name, price) = self.prices.security(id.as_str()).await?;
            picks.push(PickRow {
                security_id: id.as_str().to_owned(),
                name,
                entry_price: price,
                final_price: None,
            });
        }
        self.members.ensure(user_id).await?;
        let entry_id = settle(
            self.store
                .enter_contest(contest.id, user_id, &picks, MAX_ENTRIES, now)
                .await,
        )?;
        tracing::info!(user_id, entry_id, "contest entered");
        self.rankings.invalidate(&contest.id);
        let ranking = self.ranking(&contest).await?;
        let mine = ranking
            .iter()
            .find(|r| r.entry.id == entry_id)
            .map(Ranked::proto)
            .ok_or_else(|| internal_status(anyhow::anyhow!("entry {entry_id} not ranked")))?;
        Ok(Response::new(mine))
    }

    #[tracing::instrument(skip_all, fields(contest_id = request.get_ref().contest_id))]
    async fn list_contest_rankers(
        &self,
        request: Request<pb::ListContestRankersRequest>,
    ) -> Result<Response<pb::RankerPage>, Status> {
        let r = request.get_ref();
        let limit = PageLimit::parse(r.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        if r.offset < 0 || r.offset > MAX_ENTRIES {
            return Err(DomainError::from(ErrorCode::InvalidQuery).into());
        }
        let contest = self.contest(r.contest_id).await?;
        let ranking = self.ranking(&contest).await?;
        Ok(Response::new(pb::RankerPage {
            rankers: ranking
                .iter()
                .skip(r.offset as usize)
                .take(limit)
                .map(Ranked::proto)
                .collect(),
            total: ranking.len() as i64,
        }))
    }

    #[tracing::instrument(skip_all, fields(ranker_id = request.get_ref().id))]
    async fn get_ranker(
        &self,
        request: Request<pb::GetRankerRequest>,
    ) -> Result<Response<pb::RankerDetail>, Status> {
        let id = request.get_ref().id;
        let not_found = || Status::from(DomainError::from(ErrorCode::RankerNotFound));
        let contest_id = self
            .store
            .entry_contest(id)
            .await
            .map_err(internal_status)?
            .ok_or_else(not_found)?;
        let contest = self.contest(contest_id).await?;
        let ranking = self.ranking(&contest).await?;
        let ranked = ranking
            .iter()
            .find(|r| r.entry.id == id)
            .ok_or_else(not_found)?;
        // Daily closes from the entry's date to the end's (or today's).
        let now = now_ms();
        let from = kst_date(ranked.entry.entered_at_ms);
        let to = kst_date(now.min(contest.ends_at_ms));
        let mut closes = Vec::with_capacity(ranked.entry.picks.len());
        for pick in &ranked.entry.picks {
            closes.push(self.prices.closes(&pick.security_id, &from, &to).await?);
        }
        Ok(Response::new(pb::RankerDetail {
            ranker: Some(ranked.proto()),
            contest: Some(proto(&contest, now)),
            history: history(&ranked.entry.picks, &closes),
        }))
    }
}

pub struct ContestDeskGrpc {
    store: Store,
    prices: Prices,
}

impl ContestDeskGrpc {
    pub fn new(store: Store, prices: Prices) -> Self {
        Self { store, prices }
    }
}

/// A contest title as written: normalized, 1 to [`TITLE_MAX_CHARS`] characters.
fn contest_title(text: &str) -> Result<String, DomainError> {
    let title = text::normalize(text);
    if title.is_empty() {
        return Err(ErrorCode::TitleRequired.into());
    }
    if title.chars().count() > TITLE_MAX_CHARS {
        return Err(DomainError::with_max(
            ErrorCode::TitleTooLong,
            TITLE_MAX_CHARS,
        ));
    }
    Ok(title)
}

/// A contest description as written: normalized, up to [`DESCRIPTION_MAX_CHARS`].
fn contest_description(text: &str) -> Result<String, DomainError> {
    let description = text::normalize(text);
    if description.chars().count() > DESCRIPTION_MAX_CHARS {
        return Err(DomainError::with_max(
            ErrorCode::NoticeTooLong,
            DESCRIPTION_MAX_CHARS,
        ));
    }
    Ok(description)
}

/// Operators' contest pages.
const DESK_TAG: &str = "c:desk";

#[tonic::async_trait]
impl pb::contest_desk_service_server::ContestDeskService for ContestDeskGrpc {
    #[tracing::instrument(skip_all)]
    async fn create_contest(
        &self,
        request: Request<pb::CreateContestRequest>,
    ) -> Result<Response<pb::Contest>, Status> {
        let operator = operator::required(&request)?;
        let r = request.get_ref();
        let title = contest_title(&r.title)?;
        let description = contest_description(&r.description)?;
        if r.starts_at_ms <= 0
            || r.ends_at_ms <= r.starts_at_ms
            || r.ends_at_ms - r.starts_at_ms > MAX_DAYS * DAY_MS
        {
            return Err(DomainError::with_max(ErrorCode::InvalidContestPeriod, MAX_DAYS).into());
        }
        let contest = self
            .store
            .create_contest(&NewContest {
                title: &title,
                description: &description,
                starts_at_ms: r.starts_at_ms,
                ends_at_ms: r.ends_at_ms,
                sample: false,
            })
            .await
            .map_err(internal_status)?;
        tracing::info!(
            operator = &*operator,
            contest_id = contest.id,
            "contest created"
        );
        Ok(Response::new(proto(&contest, now_ms())))
    }

    #[tracing::instrument(skip_all)]
    async fn list_contests(
        &self,
        request: Request<pb::ListDeskContestsRequest>,
    ) -> Result<Response<pb::ContestPage>, Status> {
        operator::required(&request)?;
        let r = request.get_ref();
        let limit = PageLimit::parse(r.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let before = cursor::decode(&r.cursor, DESK_TAG, 1)?.map(|v| v[0]);
        let (contests, more) = self
            .store
            .contests_page(before, limit as i64)
            .await
            .map_err(internal_status)?;
        let now = now_ms();
        let next_cursor = match contests.last() {
            Some(last) if more => cursor::encode(DESK_TAG, &[last.id]),
            _ => String::new(),
        };
        Ok(Response::new(pb::ContestPage {
            contests: contests.iter().map(|c| proto(c, now)).collect(),
            next_cursor,
        }))
    }

    #[tracing::instrument(skip_all, fields(contest_id = request.get_ref().id))]
    async fn edit_contest(
        &self,
        request: Request<pb::EditContestRequest>,
    ) -> Result<Response<pb::Contest>, Status> {
        let operator = operator::required(&request)?;
        let r = request.get_ref();
        let edit = ContestEdit {
            title: r.title.as_deref().map(contest_title).transpose()?,
            description: r
                .description
                .as_deref()
                .map(contest_description)
                .transpose()?,
            ends_at_ms: r.ends_at_ms,
        };
        let now = now_ms();
        let contest = settle(
            self.store
                .edit_contest(r.id, &edit, MAX_DAYS * DAY_MS, now)
                .await,
        )?;
        tracing::info!(
            operator = &*operator,
            contest_id = contest.id,
            "contest edited"
        );
        Ok(Response::new(proto(&contest, now)))
    }

    #[tracing::instrument(skip_all, fields(contest_id = request.get_ref().id))]
    async fn end_contest(
        &self,
        request: Request<pb::EndContestRequest>,
    ) -> Result<Response<pb::Contest>, Status> {
        let operator = operator::required(&request)?;
        let now = now_ms();
        let contest = settle(self.store.end_contest(request.get_ref().id, now).await)?;
        tracing::info!(
            operator = &*operator,
            contest_id = contest.id,
            "contest ended early"
        );
        // The prices of the end, now; if market does not answer, the first read of the
        // ranking stores them.
        let entries = self
            .store
            .contest_entries(contest.id)
            .await
            .map_err(internal_status)?;
        if !entries.is_empty() {
            let ids: BTreeSet<String> = entries
                .iter()
                .flat_map(|e| e.picks.iter().map(|p| p.security_id.clone()))
                .collect();
            let ids: Vec<String> = ids.into_iter().collect();
            match self.prices.quotes(&ids).await {
                Ok(prices) => self
                    .store
                    .finalize_contest(contest.id, &prices.into_iter().collect::<Vec<_>>())
                    .await
                    .map_err(internal_status)?,
                Err(status) => tracing::warn!(
                    contest_id = contest.id,
                    error = %status,
                    "the ended contest's prices are frozen at its next read"
                ),
            }
        }
        Ok(Response::new(proto(&contest, now)))
    }
}

/// The embedded default's contest: one running sample contest, into a database with none.
pub async fn seed_sample(store: &Store) -> anyhow::Result<()> {
    if store.has_contests().await? {
        return Ok(());
    }
    let now = now_ms();
    store
        .create_contest(&NewContest {
            title: "샘플 수익률 대회",
            description: "시뮬레이터 시세로 움직이는 샘플 대회입니다. 종목을 최대 5개 골라 참가하세요.",
            starts_at_ms: now - DAY_MS,
            ends_at_ms: now + 30 * DAY_MS,
            sample: true,
        })
        .await?;
    tracing::info!("sample contest seeded");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kst_dates() {
        // 2026-01-01 15:00 UTC is 2026-01-02 00:00 KST.
        assert_eq!(kst_date(1_767_279_600_000), "2026-01-02");
        assert_eq!(kst_date(1_767_279_599_999), "2026-01-01");
    }
}
