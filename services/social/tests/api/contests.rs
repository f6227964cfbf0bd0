//! Contests: operators create, list, edit and end them early; members enter a running one
//! once with 1–5 distinct stocks market lists, each at the simulator's price at entry; the
//! ranking orders the entries by the mean return of their picks (ties by earlier entry); an
//! ended contest keeps the prices of its end.

use sise_platform::bus::acl::subjects::USER_SECEDED;
use sise_platform::db::Database;
use sise_platform::time::now_ms;
use sise_proto::identity::v1 as identity;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::contest_desk_service_client::ContestDeskServiceClient;
use sise_proto::social::v1::contest_service_client::ContestServiceClient;
use sise_social::store::{MIGRATIONS, Store};
use tonic::Code;
use tonic::transport::Channel;

use crate::helpers::{HYNIX, SAMSUNG, TestApp, code, member};

const DAY: i64 = 24 * 60 * 60 * 1000;

fn contests(app: &TestApp) -> ContestServiceClient<Channel> {
    ContestServiceClient::new(app.service.channel.clone())
}

fn desk(app: &TestApp) -> ContestDeskServiceClient<Channel> {
    ContestDeskServiceClient::new(
        app.service
            .operator_channel
            .clone()
            .expect("operators' listener"),
    )
}

async fn edit(
    app: &TestApp,
    request: pb::EditContestRequest,
) -> Result<pb::Contest, tonic::Status> {
    desk(app)
        .edit_contest(app.service.as_operator(request))
        .await
        .map(|r| r.into_inner())
}

async fn end(app: &TestApp, id: i64) -> Result<pb::Contest, tonic::Status> {
    desk(app)
        .end_contest(app.service.as_operator(pb::EndContestRequest { id }))
        .await
        .map(|r| r.into_inner())
}

/// The operators' list, every page.
async fn listed(app: &TestApp, limit: i64) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut cursor = String::new();
    loop {
        let page = desk(app)
            .list_contests(app.service.as_operator(pb::ListDeskContestsRequest {
                limit: Some(limit),
                cursor,
            }))
            .await
            .expect("list")
            .into_inner();
        ids.extend(page.contests.iter().map(|c| c.id));
        if page.next_cursor.is_empty() {
            return ids;
        }
        cursor = page.next_cursor;
    }
}

async fn create(
    app: &TestApp,
    title: &str,
    starts: i64,
    ends: i64,
) -> Result<pb::Contest, tonic::Status> {
    let mut desk = ContestDeskServiceClient::new(
        app.service
            .operator_channel
            .clone()
            .expect("operators' listener"),
    );
    desk.create_contest(app.service.as_operator(pb::CreateContestRequest {
        title: title.to_owned(),
        description: "규칙".to_owned(),
        starts_at_ms: starts,
        ends_at_ms: ends,
    }))
    .await
    .map(|r| r.into_inner())
}

async fn enter(
    app: &TestApp,
    user: i64,
    contest: i64,
    ids: &[&str],
) -> Result<pb::Ranker, tonic::Status> {
    let call = app.service.as_member(
        pb::EnterContestRequest {
            contest_id: contest,
            security_ids: ids.iter().map(|s| (*s).to_owned()).collect(),
        },
        user,
    );
    contests(app)
        .enter_contest(call)
        .await
        .map(|r| r.into_inner())
}

async fn ranking(
    app: &TestApp,
    contest: i64,
    limit: Option<i64>,
    offset: i64,
) -> Result<pb::RankerPage, tonic::Status> {
    contests(app)
        .list_contest_rankers(pb::ListContestRankersRequest {
            contest_id: contest,
            limit,
            offset,
        })
        .await
        .map(|r| r.into_inner())
}

sise_platform::per_backend! {
    async fn members_enter_and_are_ranked(backend) {
        let app = TestApp::spawn(backend).await;
        let now = now_ms();
        let running = create(&app, "  10월 대회 ", now - DAY, now + DAY).await.expect("created");
        assert_eq!(running.title, "10월 대회");
        assert_eq!(running.state, pb::ContestState::Running as i32);
        assert!(!running.sample);
        let upcoming = create(&app, "다음 대회", now + DAY, now + 2 * DAY).await.expect("created");
        assert_eq!(upcoming.state, pb::ContestState::Upcoming as i32);
        let ended = create(&app, "지난 대회", now - 2 * DAY, now - DAY).await.expect("created");
        assert_eq!(ended.state, pb::ContestState::Ended as i32);

        let (first, second, third) = (member(), member(), member());
        let mine = enter(&app, first, running.id, &[SAMSUNG, HYNIX]).await.expect("entered");
        assert_eq!((mine.contest_id, mine.user_id, mine.rank), (running.id, first, 1));
        assert_eq!(mine.nickname, format!("회원{first}"));
        assert_eq!(mine.picks.len(), 2);
        assert_eq!(mine.picks[0].security_id, SAMSUNG);
        assert!(!mine.picks[0].name.is_empty(), "named as market lists it");
        assert!(mine.picks.iter().all(|p| p.entry_price > 0.0));
        enter(&app, second, running.id, &[HYNIX]).await.expect("entered");
        enter(&app, third, running.id, &[SAMSUNG]).await.expect("entered");

        // The rules of entry.
        for (user, contest, ids, expected) in [
            (first, running.id, vec![SAMSUNG], "already_entered"),
            (member(), upcoming.id, vec![SAMSUNG], "contest_not_running"),
            (member(), ended.id, vec![SAMSUNG], "contest_not_running"),
            (member(), 999_999, vec![SAMSUNG], "contest_not_found"),
            (member(), running.id, vec![], "invalid_picks"),
            (member(), running.id, vec![SAMSUNG, SAMSUNG], "invalid_picks"),
            (member(), running.id, vec![SAMSUNG, HYNIX, "KOREA-A035420", "KOREA-A005380", "KOREA-A051910", "KOREA-A000270"], "invalid_picks"),
            (member(), running.id, vec!["삼성"], "invalid_security_id"),
            (member(), running.id, vec!["KOREA-A999999"], "security_not_found"),
        ] {
            let status = enter(&app, user, contest, &ids).await.expect_err(expected);
            assert_eq!(code(&status), expected, "{ids:?}");
        }
        let anonymous = contests(&app)
            .enter_contest(pb::EnterContestRequest { contest_id: running.id, security_ids: vec![SAMSUNG.into()] })
            .await
            .expect_err("a visitor");
        assert_eq!(anonymous.code(), Code::Unauthenticated);

        // The ranking: best mean return first, ties by earlier entry, the ranks in order.
        let page = ranking(&app, running.id, None, 0).await.expect("ranking");
        assert_eq!(page.total, 3);
        let rates: Vec<f64> = page.rankers.iter().map(|r| r.return_rate).collect();
        assert!(rates.windows(2).all(|w| w[0] >= w[1]), "{rates:?}");
        assert_eq!(page.rankers.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 2, 3]);
        for r in &page.rankers {
            let mean = r.picks.iter().map(|p| p.price / p.entry_price - 1.0).sum::<f64>() / r.picks.len() as f64;
            assert!((r.return_rate - mean).abs() < 1e-9, "the mean of the picks");
        }
        // Paged by offset.
        let second_page = ranking(&app, running.id, Some(2), 2).await.expect("page");
        assert_eq!(second_page.rankers.len(), 1);
        assert_eq!(second_page.rankers[0].id, page.rankers[2].id);
        for (limit, offset, expected) in [(Some(51), 0, "invalid_limit"), (None, -1, "invalid_query")] {
            let status = ranking(&app, running.id, limit, offset).await.expect_err(expected);
            assert_eq!(code(&status), expected);
        }

        // One contest: the member's own entry and rank; a visitor's has none.
        let detail = contests(&app)
            .get_contest(app.service.as_member(pb::GetContestRequest { id: running.id }, first))
            .await
            .expect("detail")
            .into_inner();
        assert_eq!(detail.contest.as_ref().map(|c| c.entries), Some(3));
        assert_eq!(detail.mine.as_ref().map(|m| m.id), Some(mine.id));
        let visitor = contests(&app)
            .get_contest(pb::GetContestRequest { id: running.id })
            .await
            .expect("detail")
            .into_inner();
        assert!(visitor.mine.is_none());

        // One ranker with the history of its daily closes since entry.
        let ranker = contests(&app)
            .get_ranker(pb::GetRankerRequest { id: mine.id })
            .await
            .expect("ranker")
            .into_inner();
        assert_eq!(ranker.ranker.as_ref().map(|r| r.picks.len()), Some(2));
        assert_eq!(ranker.contest.as_ref().map(|c| c.id), Some(running.id));
        assert!(ranker.history.windows(2).all(|w| w[0].date < w[1].date));
        let missing = contests(&app).get_ranker(pb::GetRankerRequest { id: 999_999 }).await.expect_err("none");
        assert_eq!(code(&missing), "ranker_not_found");

        // The list: newest start first.
        let list = contests(&app).list_contests(pb::ListContestsRequest {}).await.expect("list").into_inner();
        assert_eq!(list.contests.iter().map(|c| c.id).collect::<Vec<_>>(), [upcoming.id, running.id, ended.id]);

        // A seceded member's entry goes (the event twice: idempotent), and the count with it.
        for _ in 0..2 {
            app.publish(USER_SECEDED, &identity::UserSeceded { user_id: third }).await;
        }
        app.eventually("forgotten", || async {
            ranking(&app, running.id, None, 0).await.expect("ranking").total == 2
        })
        .await;
        let detail = contests(&app).get_contest(pb::GetContestRequest { id: running.id }).await.expect("detail").into_inner();
        assert_eq!(detail.contest.map(|c| c.entries), Some(2));
        app.stop().await;
    }

    async fn an_ended_contest_keeps_the_prices_of_its_end(backend) {
        let app = TestApp::spawn(backend).await;
        let now = now_ms();
        let contest = create(&app, "짧은 대회", now - DAY, now + 1_500).await.expect("created");
        let user = member();
        let entry = enter(&app, user, contest.id, &[SAMSUNG]).await.expect("entered");
        tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
        let first = ranking(&app, contest.id, None, 0).await.expect("ended ranking");
        assert_eq!(first.rankers[0].id, entry.id);
        let final_price = first.rankers[0].picks[0].price;
        tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
        let again = ranking(&app, contest.id, None, 0).await.expect("again");
        assert_eq!(again.rankers[0].picks[0].price, final_price, "frozen at the end");
        let status = enter(&app, member(), contest.id, &[SAMSUNG]).await.expect_err("ended");
        assert_eq!(code(&status), "contest_not_running");
        app.stop().await;
    }

    async fn operators_create_contests_within_bounds(backend) {
        let app = TestApp::spawn(backend).await;
        let now = now_ms();
        for (title, starts, ends, expected) in [
            (" ", now, now + DAY, "title_required"),
            (&*"가".repeat(41), now, now + DAY, "title_too_long"),
            ("대회", now, now, "invalid_contest_period"),
            ("대회", now, now + 91 * DAY, "invalid_contest_period"),
        ] {
            let status = create(&app, title, starts, ends).await.expect_err(expected);
            assert_eq!(code(&status), expected);
        }
        // Not on the members' port, and not without the operator's token.
        let status = ContestDeskServiceClient::new(app.service.channel.clone())
            .create_contest(app.service.as_operator(pb::CreateContestRequest::default()))
            .await
            .expect_err("members' port");
        assert_eq!(status.code(), Code::Unimplemented);
        let status = ContestDeskServiceClient::new(app.service.operator_channel.clone().expect("ops"))
            .create_contest(pb::CreateContestRequest::default())
            .await
            .expect_err("no token");
        assert_eq!(status.code(), Code::Unauthenticated);
        app.stop().await;
    }

    async fn a_ranking_pages_past_its_first_fifty(backend) {
        let app = TestApp::spawn(backend).await;
        let now = now_ms();
        let contest = create(&app, "많은 참가자", now - DAY, now + DAY).await.expect("created");
        let entries = 55;
        for i in 0..entries {
            let pick = if i % 2 == 0 { SAMSUNG } else { HYNIX };
            enter(&app, member(), contest.id, &[pick]).await.expect("entered");
        }
        // The first page of the largest size, then the rest by offset (더보기): each ranker
        // once, ranks in order, the total on every page.
        let first = ranking(&app, contest.id, Some(50), 0).await.expect("first page");
        assert_eq!((first.rankers.len(), first.total), (50, entries));
        let rest = ranking(&app, contest.id, Some(50), 50).await.expect("second page");
        assert_eq!((rest.rankers.len(), rest.total), (5, entries));
        let ranks: Vec<i64> = first.rankers.iter().chain(&rest.rankers).map(|r| r.rank).collect();
        assert_eq!(ranks, (1..=entries).collect::<Vec<_>>());
        let mut ids: Vec<i64> = first.rankers.iter().chain(&rest.rankers).map(|r| r.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len() as i64, entries);
        // Past the last ranker: an empty page, not an error.
        let past = ranking(&app, contest.id, Some(50), 100).await.expect("past the end");
        assert!(past.rankers.is_empty());
        assert_eq!(past.total, entries);
        app.stop().await;
    }

    async fn operators_list_edit_and_end_contests(backend) {
        let app = TestApp::spawn(backend).await;
        let now = now_ms();
        let ended = create(&app, "지난 대회", now - 3 * DAY, now - DAY).await.expect("created");
        let running = create(&app, "진행 대회", now - DAY, now + DAY).await.expect("created");
        let upcoming = create(&app, "다음 대회", now + DAY, now + 2 * DAY).await.expect("created");

        // Every contest, the newest first, page by page; bad pages refused.
        assert_eq!(listed(&app, 2).await, [upcoming.id, running.id, ended.id]);
        assert_eq!(listed(&app, 50).await, [upcoming.id, running.id, ended.id]);
        for (limit, cursor, expected) in [
            (Some(0), "", "invalid_limit"),
            (Some(51), "", "invalid_limit"),
            (None, "zzz", "invalid_cursor"),
        ] {
            let status = desk(&app)
                .list_contests(app.service.as_operator(pb::ListDeskContestsRequest {
                    limit,
                    cursor: cursor.to_owned(),
                }))
                .await
                .expect_err(expected);
            assert_eq!(code(&status), expected);
        }

        // A new title and description; the end moves (members see it at once).
        let later = now + 10 * DAY;
        let edited = edit(&app, pb::EditContestRequest {
            id: running.id,
            title: Some("  12월 대회 ".into()),
            description: Some("새 규칙".into()),
            ends_at_ms: Some(later),
        })
        .await
        .expect("edited");
        assert_eq!((edited.title.as_str(), edited.description.as_str()), ("12월 대회", "새 규칙"));
        assert_eq!((edited.starts_at_ms, edited.ends_at_ms), (running.starts_at_ms, later));
        assert_eq!(edited.state, pb::ContestState::Running as i32);
        // Only what is given changes.
        let titled = edit(&app, pb::EditContestRequest {
            id: running.id,
            title: Some("12월 수익률 대회".into()),
            ..Default::default()
        })
        .await
        .expect("edited");
        assert_eq!((titled.description.as_str(), titled.ends_at_ms), ("새 규칙", later));
        let shown = contests(&app)
            .get_contest(pb::GetContestRequest { id: running.id })
            .await
            .expect("detail")
            .into_inner()
            .contest
            .expect("contest");
        assert_eq!((shown.title.as_str(), shown.ends_at_ms), ("12월 수익률 대회", later));
        // The rules of an edit.
        for (id, title, description, ends, expected) in [
            (running.id, Some(" "), None, None, "title_required"),
            (running.id, Some(&*"가".repeat(41)), None, None, "title_too_long"),
            (running.id, None, Some(&*"가".repeat(1_001)), None, "notice_too_long"),
            (running.id, None, None, Some(now - 1_000), "invalid_contest_period"),
            (running.id, None, None, Some(running.starts_at_ms + 91 * DAY), "invalid_contest_period"),
            (upcoming.id, None, None, Some(upcoming.starts_at_ms), "invalid_contest_period"),
            (ended.id, None, None, Some(now + DAY), "contest_ended"),
            (999_999, Some("대회"), None, None, "contest_not_found"),
        ] {
            let status = edit(&app, pb::EditContestRequest {
                id,
                title: title.map(str::to_owned),
                description: description.map(str::to_owned),
                ends_at_ms: ends,
            })
            .await
            .expect_err(expected);
            assert_eq!(code(&status), expected, "{title:?} {ends:?}");
        }
        // An ended contest's title may still be corrected.
        let renamed = edit(&app, pb::EditContestRequest {
            id: ended.id,
            title: Some("지난달 대회".into()),
            ..Default::default()
        })
        .await
        .expect("renamed");
        assert_eq!((renamed.title.as_str(), renamed.ends_at_ms), ("지난달 대회", ended.ends_at_ms));

        // Ended early: the end is now, entries are refused, the prices are frozen at once.
        let user = member();
        enter(&app, user, running.id, &[SAMSUNG, HYNIX]).await.expect("entered");
        for (id, expected) in [
            (upcoming.id, "contest_not_started"),
            (ended.id, "contest_ended"),
            (999_999, "contest_not_found"),
        ] {
            let status = end(&app, id).await.expect_err(expected);
            assert_eq!(code(&status), expected);
        }
        let before = now_ms();
        let over = end(&app, running.id).await.expect("ended");
        assert_eq!(over.state, pb::ContestState::Ended as i32);
        assert!(over.ends_at_ms >= before && over.ends_at_ms <= now_ms(), "{over:?}");
        assert_eq!(over.entries, 1);
        let status = end(&app, running.id).await.expect_err("again");
        assert_eq!(code(&status), "contest_ended");
        let status = enter(&app, member(), running.id, &[SAMSUNG]).await.expect_err("ended");
        assert_eq!(code(&status), "contest_not_running");
        let status = edit(&app, pb::EditContestRequest {
            id: running.id,
            ends_at_ms: Some(later),
            ..Default::default()
        })
        .await
        .expect_err("reopened");
        assert_eq!(code(&status), "contest_ended");
        // Frozen by the end itself, before any read of the ranking.
        let db = Database::connect(app.service.database_url(), &MIGRATIONS)
            .await
            .expect("database");
        let store = Store::new(db, Default::default());
        let stored = store.contest(running.id).await.expect("read").expect("contest");
        assert!(stored.finalized);
        let picks = &store.contest_entries(running.id).await.expect("entries")[0].picks;
        assert!(picks.iter().all(|p| p.final_price.is_some_and(|price| price > 0.0)), "{picks:?}");
        store.database().close().await;
        let frozen = ranking(&app, running.id, None, 0).await.expect("ranking");
        assert_eq!(frozen.total, 1);
        let prices: Vec<f64> = frozen.rankers[0].picks.iter().map(|p| p.price).collect();
        let ranked = contests(&app)
            .get_ranker(pb::GetRankerRequest { id: frozen.rankers[0].id })
            .await
            .expect("ranker")
            .into_inner()
            .ranker
            .expect("ranker");
        assert_eq!(ranked.picks.iter().map(|p| p.price).collect::<Vec<_>>(), prices);
        assert_eq!(
            contests(&app).get_contest(pb::GetContestRequest { id: running.id })
                .await
                .expect("detail")
                .into_inner()
                .contest
                .map(|c| c.state),
            Some(pb::ContestState::Ended as i32)
        );
        app.stop().await;
    }
}
