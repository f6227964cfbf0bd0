//! `sise`: the whole service in one process on the embedded defaults; and the operators'
//! commands, which call identity's operators' API on its own listener (never the public
//! gateway, never the port the gateway calls), with an operator's token:
//!
//! - `sise sanction <member id> warning|termination <reason> [--operators URL]`
//! - `sise sanctions <member id> [--operators URL]`
//! - `sise objections [--operators URL]`
//! - `sise operator-token <name>`: a new random token and the configuration entry of its
//!   hash (`services.identity.operators`), for an operator to be added.
//!
//! The token comes from the environment, `SISE_OPERATOR_TOKEN`; the sanction records the
//! operator it belongs to. `--operators` defaults to `services.identity.operator_listen` of
//! the configuration (an unspecified address as loopback). The one-process server prints
//! the operators' address at start and, when no operators are configured, the token of the
//! development credential it made for this run.

use std::net::SocketAddr;

use anyhow::{Context as _, bail};
use sise_platform::config::Config;
use sise_platform::operator;
use sise_platform::server::shutdown_signal;
use sise_platform::telemetry::{self, TelemetryConfig};
use sise_proto::identity::v1 as pb;
use sise_proto::identity::v1::operator_service_client::OperatorServiceClient;

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
        println!("services.identity.operators entry: {{name: {name}, token_sha256: {hash}}}");
        println!("or in the environment: SISE__SERVICES__IDENTITY__OPERATORS={name}:{hash}");
        return Ok(());
    }
    let mut flag = |name: &str| -> Option<String> {
        let at = args.iter().position(|a| a == name)?;
        let value = args.get(at + 1).cloned();
        args.drain(at..(at + 2).min(args.len()));
        value
    };
    let url = match flag("--operators") {
        Some(url) => url,
        None => {
            let mut addr: SocketAddr = config.section("services.identity.operator_listen")?;
            if addr.ip().is_unspecified() {
                addr.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
            }
            format!("http://{addr}")
        }
    };
    let token = std::env::var("SISE_OPERATOR_TOKEN")
        .ok()
        .filter(|t| !t.trim().is_empty())
        .context("set SISE_OPERATOR_TOKEN to your operator token")?;
    let mut client = OperatorServiceClient::connect(url.clone())
        .await
        .with_context(|| format!("connecting to the operators' API at {url}"))?;
    let print = |list: pb::SanctionList| {
        for s in list.sanctions {
            println!(
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
            );
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
            eprintln!(
                "usage: SISE_OPERATOR_TOKEN=… sise [sanction <member> warning|termination <reason> | \
                 sanctions <member> | objections] [--operators URL]\n       sise operator-token <name>"
            );
            std::process::exit(2);
        }
    }
    Ok(())
}
