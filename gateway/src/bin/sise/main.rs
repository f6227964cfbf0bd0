//! `sise`: the whole service in one process on the embedded defaults; and the operators'
//! commands, which call the operators' APIs on their own listeners (never the public
//! gateway, never the port the gateway calls), with an operator's token:
//!
//! - `sise sanction <member id> warning|termination <reason> [--operators URL]`
//! - `sise sanctions <member id> [--operators URL]`
//! - `sise objections [--operators URL]`
//! - `sise moderation queue [--operators URL]`: social's open cases, most reporters first
//! - `sise moderation show post|comment <id> [--operators URL]`
//! - `sise moderation hide post|comment <id> <reason…> [--operators URL]`
//! - `sise moderation restore post|comment <id> [<reason…>] [--operators URL]`
//! - `sise moderation remove post|comment <id> [<reason…>] [--operators URL]`
//! - `sise moderation sanction post|comment <id> warning|termination <reason…>
//!   [--operators URL] [--identity-operators URL]`: the author of the post or comment
//!   (from social's case) sanctioned through identity
//! - `sise notices publish <file>|- <title…> [--operators URL]`: a notice (its body from the
//!   file, or standard input)
//! - `sise notices withdraw <id> [--operators URL]`: once it has been shown 7 days
//! - `sise notices list [--operators URL]`: every notice, withdrawn ones too
//! - `sise support list [--open] [--operators URL]`: members' messages to the operators,
//!   newest first (with `--open`, the unanswered ones oldest first), each in full
//! - `sise support answer <id> <file>|- [--operators URL]`: answers one (the member sees
//!   it on /m/customer_support); answering again replaces the answer
//! - `sise contributor grant <member id> [<bio…>] [--operators URL]`: the member becomes a
//!   contributor of insight articles (identity's role; again: the bio changes)
//! - `sise contributor revoke <member id> [--operators URL]`
//! - `sise articles publish <file.md|file.html|file.json|-> --contributor <member id>
//!   --title <title> [--security KOREA-A005930]… [--featured] [--format markdown|html|custom]
//!   [--operators URL]`: an insight article (its format from the file's extension, Markdown
//!   for standard input unless `--format` says otherwise)
//! - `sise articles withdraw <id> [--operators URL]`
//! - `sise articles list [--operators URL]`: every insight article, withdrawn ones too
//! - `sise contests create --title <title> --days <n> [--description <text>] [--operators URL]`:
//!   a contest that starts now and runs `n` days (1–90); members enter on /m/contests
//! - `sise contests list [--operators URL]`: every contest, the newest first, ended and
//!   sample ones too
//! - `sise contests edit <id> [--title <title>] [--description <text>]
//!   [--end-date YYYY-MM-DD] [--operators URL]`: a new title, description or end (the
//!   contest then runs through that date, KST; not once it has ended)
//! - `sise contests end <id> [--operators URL]`: a running contest ends now, its prices
//!   frozen
//! - `sise maintenance …`, `sise promotions …`, `sise analytics report …`: the maintenance
//!   switch, the driverEvent promotion and the daily analytics report (`site`)
//! - `sise operator-token <name>`: a new random token and the configuration entry of its
//!   hash (`services.identity.operators`, `services.social.operators`), for an operator
//!   to be added.
//!
//! The token comes from the environment, `SISE_OPERATOR_TOKEN`; sanctions and decisions
//! record the operator it belongs to. `--operators` defaults to the `operator_listen` of the
//! service a command calls (`services.identity` for the sanction and contributor commands,
//! `services.social` for `moderation`, `notices`, `support`, `articles`, `contests`,
//! `maintenance`, `promotions` and `analytics`),
//! `--identity-operators` to identity's; an unspecified address counts as loopback. Each result is one printed line. The
//! one-process server prints the operators' addresses at start and, when no operators are
//! configured, the token of the development credential it made for this run (both
//! listeners accept it).

use std::net::SocketAddr;

use anyhow::{Context as _, bail};
use sise_platform::config::Config;
use sise_platform::operator;
use sise_platform::server::shutdown_signal;
use sise_platform::telemetry::{self, TelemetryConfig};
use sise_proto::identity::v1 as pb;
use sise_proto::identity::v1::operator_service_client::OperatorServiceClient;
use sise_proto::social::v1 as social;
use sise_proto::social::v1::contest_desk_service_client::ContestDeskServiceClient;
use sise_proto::social::v1::editorial_service_client::EditorialServiceClient;
use sise_proto::social::v1::insight_editorial_service_client::InsightEditorialServiceClient;
use sise_proto::social::v1::moderation_service_client::ModerationServiceClient;
use sise_proto::social::v1::support_desk_service_client::SupportDeskServiceClient;

mod site;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::load()?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {
        return operate(&config, args).await;
    }
    let _telemetry = telemetry::init("sise", &config.section::<TelemetryConfig>("telemetry")?)?;
    let standalone = sise_gateway::standalone::Standalone::build(config).await?;
    // Printed (not logged) so scripts and people can find the address in any log format.
    println!("sise: listening on http://{}", standalone.addr);
    println!(
        "sise: open http://{}/m/stocks/KOREA-A005930",
        standalone.addr
    );
    if let Some(kakao) = standalone.dev_kakao {
        println!("sise: development messenger login (not Kakao's) at http://{kakao}");
    }
    if let Some((_, addr)) = standalone.service_addrs.first() {
        // Any service's port answers for the whole process.
        println!("sise: metrics (Prometheus text) at http://{addr}/metrics");
    }
    for (service, addr) in &standalone.operator_addrs {
        println!("sise: operators' API ({service}) at http://{addr}");
    }
    if let Some(token) = &standalone.dev_operator_token {
        // Once, for this run only: configure `services.identity.operators` to keep one.
        println!(
            "sise: development operator credential for this run ({}): SISE_OPERATOR_TOKEN={token}",
            sise_gateway::standalone::DEV_OPERATOR
        );
    }
    standalone.run_until_stopped(shutdown_signal()).await
}

/// An operator's command.
async fn operate(config: &Config, mut args: Vec<String>) -> anyhow::Result<()> {
    if let ["operator-token", name] = args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        let token = operator::generate_token();
        let hash = operator::token_sha256(&token);
        println!("token (give it to {name}; it is not stored anywhere): {token}");
        println!(
            "services.identity.operators / services.social.operators entry: {{name: {name}, token_sha256: {hash}}}"
        );
        println!(
            "or in the environment: SISE__SERVICES__IDENTITY__OPERATORS={name}:{hash} (and SISE__SERVICES__SOCIAL__OPERATORS)"
        );
        return Ok(());
    }
    let operators = flag(&mut args, "--operators");
    let identity_operators = flag(&mut args, "--identity-operators");
    let token = std::env::var("SISE_OPERATOR_TOKEN")
        .ok()
        .filter(|t| !t.trim().is_empty())
        .context("set SISE_OPERATOR_TOKEN to your operator token")?;
    if args.first().map(String::as_str) == Some("notices") {
        let social = match operators {
            Some(url) => url,
            None => operators_url(config, "social")?,
        };
        return notices(&args[1..], &social, &token).await;
    }
    if let Some(command @ ("maintenance" | "promotions" | "analytics")) =
        args.first().map(String::as_str)
    {
        let social = match operators {
            Some(url) => url,
            None => operators_url(config, "social")?,
        };
        let command = command.to_owned();
        return site::run(&command, args.split_off(1), &social, &token).await;
    }
    if args.first().map(String::as_str) == Some("contests") {
        let social = match operators {
            Some(url) => url,
            None => operators_url(config, "social")?,
        };
        return contests(&args[1..], &social, &token).await;
    }
    if args.first().map(String::as_str) == Some("support") {
        let social = match operators {
            Some(url) => url,
            None => operators_url(config, "social")?,
        };
        return support(&args[1..], &social, &token).await;
    }
    if args.first().map(String::as_str) == Some("articles") {
        let social = match operators {
            Some(url) => url,
            None => operators_url(config, "social")?,
        };
        return articles(args.split_off(1), &social, &token).await;
    }
    if args.first().map(String::as_str) == Some("moderation") {
        let social = match operators {
            Some(url) => url,
            None => operators_url(config, "social")?,
        };
        let identity = match identity_operators {
            Some(url) => url,
            None => operators_url(config, "identity")?,
        };
        return moderate(&args[1..], &social, &identity, &token).await;
    }
    let url = match operators {
        Some(url) => url,
        None => operators_url(config, "identity")?,
    };
    let mut client = OperatorServiceClient::connect(url.clone())
        .await
        .with_context(|| format!("connecting to the operators' API at {url}"))?;
    let print = |list: pb::SanctionList| {
        for s in list.sanctions {
            println!("{}", sanction_line(&s));
        }
    };
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["sanction", member, kind, reason @ ..] if !reason.is_empty() => {
            let kind = match *kind {
                "warning" => pb::SanctionKind::Warning,
                "termination" => pb::SanctionKind::Termination,
                other => bail!("unknown sanction {other}: warning or termination"),
            };
            let outcome = client
                .sanction(operator::request(
                    pb::SanctionRequest {
                        user_id: member.parse().context("member id")?,
                        kind: kind as i32,
                        reason: reason.join(" "),
                    },
                    &token,
                )?)
                .await?
                .into_inner();
            println!("warnings since the last suspension: {}", outcome.warnings);
            print(pb::SanctionList {
                sanctions: outcome.sanction.into_iter().collect(),
            });
        }
        ["contributor", "grant", member, bio @ ..] => {
            let role = client
                .grant_contributor(operator::request(
                    pb::GrantContributorRequest {
                        user_id: member.parse().context("member id")?,
                        bio: bio.join(" "),
                    },
                    &token,
                )?)
                .await?
                .into_inner();
            println!("{}", role_line(&role));
        }
        ["contributor", "revoke", member] => {
            let role = client
                .revoke_contributor(operator::request(
                    pb::RevokeContributorRequest {
                        user_id: member.parse().context("member id")?,
                    },
                    &token,
                )?)
                .await?
                .into_inner();
            println!("{}", role_line(&role));
        }
        ["sanctions", member] => print(
            client
                .list_sanctions(operator::request(
                    pb::ListSanctionsRequest {
                        user_id: member.parse().context("member id")?,
                    },
                    &token,
                )?)
                .await?
                .into_inner(),
        ),
        ["objections"] => print(
            client
                .list_objections(operator::request(pb::ListObjectionsRequest {}, &token)?)
                .await?
                .into_inner(),
        ),
        _ => {
            usage();
        }
    }
    Ok(())
}

fn usage() -> ! {
    eprintln!(
        "usage: SISE_OPERATOR_TOKEN=… sise [sanction <member> warning|termination <reason> | \
         sanctions <member> | objections] [--operators URL]\n       \
         SISE_OPERATOR_TOKEN=… sise moderation [queue | show post|comment <id> | \
         hide post|comment <id> <reason> | restore post|comment <id> [<reason>] | \
         remove post|comment <id> [<reason>] | \
         sanction post|comment <id> warning|termination <reason>] \
         [--operators URL] [--identity-operators URL]\n       \
         SISE_OPERATOR_TOKEN=… sise notices [publish <file>|- <title> | withdraw <id> | list] \
         [--operators URL]\n       \
         SISE_OPERATOR_TOKEN=… sise support [list [--open] | answer <id> <file>|-] \
         [--operators URL]\n       \
         SISE_OPERATOR_TOKEN=… sise contributor [grant <member> [<bio>] | revoke <member>] \
         [--operators URL]\n       \
         SISE_OPERATOR_TOKEN=… sise articles [publish <file.md|file.html|file.json|-> \
         --contributor <member> --title <title> [--security <id>]… [--featured] \
         [--format markdown|html|custom] | withdraw <id> | list] [--operators URL]\n       \
         SISE_OPERATOR_TOKEN=… sise contests [create --title <title> --days <n> \
         [--description <text>] | list | edit <id> [--title <title>] [--description <text>] \
         [--end-date YYYY-MM-DD] | end <id>] [--operators URL]\n       \
         {}\n       \
         sise operator-token <name>",
        site::USAGE
    );
    std::process::exit(2);
}

/// The value of `--name VALUE` in `args`, taken out of them.
fn flag(args: &mut Vec<String>, name: &str) -> Option<String> {
    let at = args.iter().position(|a| a == name)?;
    let value = args.get(at + 1).cloned();
    args.drain(at..(at + 2).min(args.len()));
    value
}

/// `services.{service}.operator_listen` as a URL (an unspecified address as loopback).
fn operators_url(config: &Config, service: &str) -> anyhow::Result<String> {
    let mut addr: SocketAddr = config.section(&format!("services.{service}.operator_listen"))?;
    if addr.ip().is_unspecified() {
        addr.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
    }
    Ok(format!("http://{addr}"))
}

fn sanction_line(s: &pb::Sanction) -> String {
    format!(
        "#{} member {} {} \"{}\"{}{}{}",
        s.id,
        s.user_id,
        if s.kind == pb::SanctionKind::Termination as i32 {
            "termination"
        } else {
            "warning"
        },
        s.reason,
        if s.suspended_until_ms > 0 {
            format!(" suspended until {}", s.suspended_until_ms)
        } else {
            String::new()
        },
        if s.terminated { " terminated" } else { "" },
        if s.objection.is_empty() {
            String::new()
        } else {
            format!(" objection: \"{}\"", s.objection)
        },
    )
}

/// A `sise moderation …` command against social's operators' API at `url` (and identity's
/// at `identity_url` for a sanction).
async fn moderate(
    args: &[String],
    url: &str,
    identity_url: &str,
    token: &str,
) -> anyhow::Result<()> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let target = |kind: &str, id: &str| -> anyhow::Result<social::ContentRef> {
        let kind = match kind {
            "post" => social::ContentType::Post,
            "comment" => social::ContentType::Comment,
            other => bail!("unknown target {other}: post or comment"),
        };
        Ok(social::ContentRef {
            r#type: kind as i32,
            id: id.parse().context("post or comment id")?,
        })
    };
    let connect = || async {
        ModerationServiceClient::connect(url.to_owned())
            .await
            .with_context(|| format!("connecting to social's operators' API at {url}"))
    };
    let moderate = |target: social::ContentRef, reason: &[&str]| social::ModerateRequest {
        target: Some(target),
        reason: reason.join(" "),
    };
    match args.as_slice() {
        ["queue"] => {
            let mut client = connect().await?;
            let mut cursor = String::new();
            let mut any = false;
            loop {
                let page = client
                    .list_queue(operator::request(
                        social::ListQueueRequest {
                            limit: Some(50),
                            cursor,
                        },
                        token,
                    )?)
                    .await?
                    .into_inner();
                for case in &page.cases {
                    any = true;
                    println!("{}", case_line(case));
                }
                if page.next_cursor.is_empty() {
                    break;
                }
                cursor = page.next_cursor;
            }
            if !any {
                println!("no open cases");
            }
        }
        ["show", kind, id] => {
            let case = connect()
                .await?
                .get_case(operator::request(target(kind, id)?, token)?)
                .await?
                .into_inner();
            println!("{}", case_line(&case));
        }
        ["hide", kind, id, reason @ ..] if !reason.is_empty() => {
            let case = connect()
                .await?
                .hide(operator::request(
                    moderate(target(kind, id)?, reason),
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", case_line(&case));
        }
        ["restore", kind, id, reason @ ..] => {
            let case = connect()
                .await?
                .restore(operator::request(
                    moderate(target(kind, id)?, reason),
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", case_line(&case));
        }
        ["remove", kind, id, reason @ ..] => {
            let case = connect()
                .await?
                .remove(operator::request(
                    moderate(target(kind, id)?, reason),
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", case_line(&case));
        }
        ["sanction", kind, id, sanction, reason @ ..] if !reason.is_empty() => {
            let sanction = match *sanction {
                "warning" => pb::SanctionKind::Warning,
                "termination" => pb::SanctionKind::Termination,
                other => bail!("unknown sanction {other}: warning or termination"),
            };
            let case = connect()
                .await?
                .get_case(operator::request(target(kind, id)?, token)?)
                .await?
                .into_inner();
            let author = case.author.map(|a| a.id).unwrap_or_default();
            if author <= 0 {
                bail!("{kind} {id} has no member to sanction (a sample member's)");
            }
            let outcome = OperatorServiceClient::connect(identity_url.to_owned())
                .await
                .with_context(|| {
                    format!("connecting to identity's operators' API at {identity_url}")
                })?
                .sanction(operator::request(
                    pb::SanctionRequest {
                        user_id: author,
                        kind: sanction as i32,
                        reason: reason.join(" "),
                    },
                    token,
                )?)
                .await?
                .into_inner();
            match outcome.sanction {
                Some(s) => println!(
                    "{} (warnings since the last suspension: {})",
                    sanction_line(&s),
                    outcome.warnings
                ),
                None => println!("member {author}: no sanction recorded"),
            }
        }
        _ => usage(),
    }
    Ok(())
}

/// One case on one line: target, board, state, reporters, author, decision and the start
/// of the content.
fn case_line(case: &social::Case) -> String {
    let target = case.target.unwrap_or_default();
    let kind = if target.r#type == social::ContentType::Comment as i32 {
        "comment"
    } else {
        "post"
    };
    let state = if case.removed {
        "removed".to_owned()
    } else {
        match &case.hidden {
            None => "visible".to_owned(),
            Some(hidden) => {
                let by = match social::HiddenBy::try_from(hidden.by) {
                    Ok(social::HiddenBy::Reports) => "reports",
                    Ok(social::HiddenBy::Operator) => "operator",
                    Ok(social::HiddenBy::AuthorTerminated) => "author_terminated",
                    _ => "unknown",
                };
                let objection = hidden
                    .objection
                    .as_ref()
                    .map(|o| format!(" objection=\"{}\"", one_line(&o.text, 80)))
                    .unwrap_or_default();
                format!("hidden:{by} reason=\"{}\"{objection}", hidden.reason)
            }
        }
    };
    let author = case.author.clone().unwrap_or_default();
    let decided = if case.decided_by.is_empty() {
        String::new()
    } else {
        format!(" decided_by={} at={}", case.decided_by, case.decided_at_ms)
    };
    format!(
        "{kind} {} board={} {state} reporters={} author={} ({}){decided} content=\"{}\"",
        target.id,
        case.security_id,
        case.reporters,
        author.id,
        author.name,
        one_line(&case.content, 60)
    )
}

/// `text` on one line, cut to `chars` characters.
fn one_line(text: &str, chars: usize) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() > chars {
        format!("{}…", line.chars().take(chars).collect::<String>())
    } else {
        line
    }
}

/// A `sise notices …` command against social's operators' API at `url`.
async fn notices(args: &[String], url: &str, token: &str) -> anyhow::Result<()> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut client = EditorialServiceClient::connect(url.to_owned())
        .await
        .with_context(|| format!("connecting to social's operators' API at {url}"))?;
    match args.as_slice() {
        ["list"] => {
            let mut cursor = String::new();
            loop {
                let page = client
                    .list_notices(operator::request(
                        social::ListNoticesRequest {
                            limit: Some(50),
                            cursor,
                        },
                        token,
                    )?)
                    .await?
                    .into_inner();
                for notice in &page.notices {
                    println!("{}", notice_line(notice));
                }
                if page.next_cursor.is_empty() {
                    break;
                }
                cursor = page.next_cursor;
            }
        }
        ["publish", file, title @ ..] if !title.is_empty() => {
            let body = if *file == "-" {
                std::io::read_to_string(std::io::stdin()).context("reading the body from stdin")?
            } else {
                std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?
            };
            let notice = client
                .publish_notice(operator::request(
                    social::PublishNoticeRequest {
                        title: title.join(" "),
                        body,
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", notice_line(&notice));
        }
        ["withdraw", id] => {
            let notice = client
                .withdraw_notice(operator::request(
                    social::WithdrawNoticeRequest {
                        id: id.parse().context("notice id")?,
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", notice_line(&notice));
        }
        _ => usage(),
    }
    Ok(())
}

/// One contest as the `sise contests` commands print it.
fn contest_line(c: &social::Contest) -> String {
    let state = match c.state() {
        social::ContestState::Upcoming => "upcoming",
        social::ContestState::Running => "running",
        social::ContestState::Ended | social::ContestState::Unspecified => "ended",
    };
    format!(
        "#{} {} from {} to {} (epoch ms), {state}, {} entries{}",
        c.id,
        c.title,
        c.starts_at_ms,
        c.ends_at_ms,
        c.entries,
        if c.sample { ", sample" } else { "" }
    )
}

/// Midnight KST after `date` (`YYYY-MM-DD`): a contest that runs through that date ends then.
fn end_of_kst_date(date: &str) -> anyhow::Result<i64> {
    let day = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .with_context(|| format!("--end-date {date}: a date YYYY-MM-DD"))?;
    let next = day.succ_opt().context("--end-date: a date before 9999")?;
    let kst = chrono::FixedOffset::east_opt(9 * 3600).context("KST")?;
    Ok(
        chrono::TimeZone::from_local_datetime(&kst, &next.and_time(chrono::NaiveTime::MIN))
            .single()
            .context("--end-date: a KST midnight")?
            .timestamp_millis(),
    )
}

/// A `sise contests …` command against social's operators' API at `url`.
async fn contests(args: &[String], url: &str, token: &str) -> anyhow::Result<()> {
    let mut args = args.to_vec();
    let connect = || async {
        ContestDeskServiceClient::connect(url.to_owned())
            .await
            .with_context(|| format!("connecting to social's operators' API at {url}"))
    };
    match args.first().map(String::as_str) {
        Some("create") => {}
        Some("list") if args.len() == 1 => {
            let mut client = connect().await?;
            let mut cursor = String::new();
            loop {
                let page = client
                    .list_contests(operator::request(
                        social::ListDeskContestsRequest {
                            limit: Some(50),
                            cursor,
                        },
                        token,
                    )?)
                    .await?
                    .into_inner();
                for contest in &page.contests {
                    println!("{}", contest_line(contest));
                }
                if page.next_cursor.is_empty() {
                    return Ok(());
                }
                cursor = page.next_cursor;
            }
        }
        Some("edit") => {
            let title = flag(&mut args, "--title");
            let description = flag(&mut args, "--description");
            let ends_at_ms = flag(&mut args, "--end-date")
                .map(|date| end_of_kst_date(&date))
                .transpose()?;
            let [_, id] = args.as_slice() else { usage() };
            if title.is_none() && description.is_none() && ends_at_ms.is_none() {
                usage();
            }
            let contest = connect()
                .await?
                .edit_contest(operator::request(
                    social::EditContestRequest {
                        id: id.parse().context("contest id")?,
                        title,
                        description,
                        ends_at_ms,
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", contest_line(&contest));
            return Ok(());
        }
        Some("end") => {
            let [_, id] = args.as_slice() else { usage() };
            let contest = connect()
                .await?
                .end_contest(operator::request(
                    social::EndContestRequest {
                        id: id.parse().context("contest id")?,
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", contest_line(&contest));
            return Ok(());
        }
        _ => usage(),
    }
    let title = flag(&mut args, "--title").unwrap_or_else(|| usage());
    let days: i64 = flag(&mut args, "--days")
        .unwrap_or_else(|| usage())
        .parse()
        .context("--days: a number of days")?;
    let description = flag(&mut args, "--description").unwrap_or_default();
    if args.len() != 1 {
        usage();
    }
    let now = sise_platform::time::now_ms();
    let contest = connect()
        .await?
        .create_contest(operator::request(
            social::CreateContestRequest {
                title,
                description,
                starts_at_ms: now,
                ends_at_ms: now.saturating_add(days.saturating_mul(24 * 60 * 60 * 1000)),
            },
            token,
        )?)
        .await?
        .into_inner();
    println!("{}", contest_line(&contest));
    Ok(())
}

/// A `sise support …` command against social's operators' API at `url`.
async fn support(args: &[String], url: &str, token: &str) -> anyhow::Result<()> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut client = SupportDeskServiceClient::connect(url.to_owned())
        .await
        .with_context(|| format!("connecting to social's operators' API at {url}"))?;
    match args.as_slice() {
        ["list"] | ["list", "--open"] => {
            let unanswered = args.len() == 2;
            let mut cursor = String::new();
            loop {
                let page = client
                    .list_support_messages(operator::request(
                        social::ListSupportMessagesRequest {
                            limit: Some(50),
                            cursor,
                            unanswered,
                        },
                        token,
                    )?)
                    .await?
                    .into_inner();
                for message in &page.messages {
                    println!("{}", support_text(message));
                }
                if page.next_cursor.is_empty() {
                    break;
                }
                cursor = page.next_cursor;
            }
        }
        ["answer", id, file] => {
            let answer = if *file == "-" {
                std::io::read_to_string(std::io::stdin())
                    .context("reading the answer from stdin")?
            } else {
                std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?
            };
            let message = client
                .answer_support_message(operator::request(
                    social::AnswerSupportMessageRequest {
                        id: id.parse().context("message id")?,
                        answer,
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", support_text(&message));
        }
        _ => usage(),
    }
    Ok(())
}

/// A support message in full: a heading line, then its text and answer indented.
fn support_text(m: &social::SupportMessage) -> String {
    let indent = |text: &str| {
        text.lines()
            .map(|l| format!("    {l}\n"))
            .collect::<String>()
    };
    let category = social::SupportCategory::try_from(m.category)
        .map(|c| {
            c.as_str_name()
                .trim_start_matches("SUPPORT_CATEGORY_")
                .to_lowercase()
        })
        .unwrap_or_default();
    let mut text = format!(
        "#{} [{category}] member {} sent {}\n{}",
        m.id,
        m.user_id,
        m.sent_at_ms,
        indent(&m.body)
    );
    if m.answered_at_ms > 0 {
        text.push_str(&format!(
            "  answered {} by {}:\n{}",
            m.answered_at_ms,
            m.answered_by,
            indent(&m.answer)
        ));
    } else {
        text.push_str("  (unanswered)\n");
    }
    text
}

fn notice_line(n: &social::Notice) -> String {
    format!(
        "#{} \"{}\" published {} by {}{}",
        n.id,
        n.title,
        n.published_at_ms,
        n.published_by,
        if n.withdrawn_at_ms > 0 {
            format!(", withdrawn {} by {}", n.withdrawn_at_ms, n.withdrawn_by)
        } else {
            String::new()
        }
    )
}

fn role_line(r: &pb::ContributorRole) -> String {
    format!(
        "member {}: {} (by {} at {}){}",
        r.user_id,
        if r.contributor {
            "contributor"
        } else {
            "not a contributor"
        },
        r.changed_by,
        r.changed_at_ms,
        if r.bio.is_empty() {
            String::new()
        } else {
            format!(", bio \"{}\"", one_line(&r.bio, 60))
        }
    )
}

/// The format of an article's file: by `--format`, else by its extension (Markdown for
/// standard input).
fn article_format(file: &str, format: Option<&str>) -> anyhow::Result<social::ContentFormat> {
    let named = format.map(str::to_owned).unwrap_or_else(|| {
        match file
            .rsplit_once('.')
            .map(|(_, ext)| ext.to_ascii_lowercase())
        {
            Some(ext) if ext == "html" || ext == "htm" => "html".into(),
            Some(ext) if ext == "json" => "custom".into(),
            _ => "markdown".into(),
        }
    });
    match named.as_str() {
        "markdown" | "md" => Ok(social::ContentFormat::Markdown),
        "html" => Ok(social::ContentFormat::Html),
        "custom" => Ok(social::ContentFormat::Custom),
        other => bail!("unknown format {other}: markdown, html or custom"),
    }
}

/// A `sise articles …` command against social's operators' API at `url`.
async fn articles(mut args: Vec<String>, url: &str, token: &str) -> anyhow::Result<()> {
    let contributor = flag(&mut args, "--contributor");
    let title = flag(&mut args, "--title");
    let format = flag(&mut args, "--format");
    let mut securities = Vec::new();
    while let Some(security) = flag(&mut args, "--security") {
        securities.push(security);
    }
    let featured = match args.iter().position(|a| a == "--featured") {
        Some(at) => {
            args.remove(at);
            true
        }
        None => false,
    };
    let mut client = InsightEditorialServiceClient::connect(url.to_owned())
        .await
        .with_context(|| format!("connecting to social's operators' API at {url}"))?;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["list"] => {
            let mut cursor = String::new();
            loop {
                let page = client
                    .list_insight_articles(operator::request(
                        social::ListInsightArticlesRequest {
                            limit: Some(50),
                            cursor,
                            ..Default::default()
                        },
                        token,
                    )?)
                    .await?
                    .into_inner();
                for article in &page.articles {
                    println!("{}", article_line(article));
                }
                if page.next_cursor.is_empty() {
                    break;
                }
                cursor = page.next_cursor;
            }
        }
        ["publish", file] => {
            let (Some(contributor), Some(title)) = (contributor, title) else {
                usage()
            };
            let body = if *file == "-" {
                std::io::read_to_string(std::io::stdin()).context("reading the body from stdin")?
            } else {
                std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?
            };
            let article = client
                .publish_insight_article(operator::request(
                    social::PublishInsightArticleRequest {
                        contributor_id: contributor.parse().context("contributor's member id")?,
                        title,
                        format: article_format(file, format.as_deref())? as i32,
                        body,
                        security_ids: securities,
                        featured,
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", article_line(&article));
        }
        ["withdraw", id] => {
            let article = client
                .withdraw_insight_article(operator::request(
                    social::WithdrawInsightArticleRequest {
                        id: id.parse().context("article id")?,
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", article_line(&article));
        }
        _ => usage(),
    }
    Ok(())
}

fn article_line(a: &social::InsightArticle) -> String {
    let contributor = a.contributor.clone().unwrap_or_default();
    format!(
        "#{} \"{}\" by {} ({}){}{} published {} by {}{}",
        a.id,
        a.title,
        contributor.name,
        contributor.id,
        if a.featured { ", featured" } else { "" },
        if a.security_ids.is_empty() {
            String::new()
        } else {
            format!(", {}", a.security_ids.join(","))
        },
        a.published_at_ms,
        a.published_by,
        if a.withdrawn_at_ms > 0 {
            format!(", withdrawn {} by {}", a.withdrawn_at_ms, a.withdrawn_by)
        } else {
            String::new()
        }
    )
}
