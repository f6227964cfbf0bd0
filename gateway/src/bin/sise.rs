//! `sise`: the whole service in one process on the embedded defaults; and the operators'
//! commands, which call identity's internal API (never the public gateway):
//!
//! - `sise sanction <member id> warning|termination <reason> [--operator NAME] [--identity URL]`
//! - `sise sanctions <member id> [--identity URL]`
//! - `sise objections [--identity URL]`
//!
//! `--identity` defaults to `gateway.upstreams.identity` of the configuration; the
//! one-process server prints identity's address at start.

use anyhow::{Context as _, bail};
use sise_platform::config::Config;
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
    if let Some((_, identity)) = standalone
        .service_addrs
        .iter()
        .find(|(n, _)| *n == "identity")
    {
        println!("sise: operators' API (identity) at http://{identity}");
    }
    standalone.run_until_stopped(shutdown_signal()).await
}

/// An operator's command.
async fn operate(config: &Config, mut args: Vec<String>) -> anyhow::Result<()> {
    let mut flag = |name: &str| -> Option<String> {
        let at = args.iter().position(|a| a == name)?;
        let value = args.get(at + 1).cloned();
        args.drain(at..(at + 2).min(args.len()));
        value
    };
    let identity = match flag("--identity") {
        Some(url) => url,
        None => config.section::<String>("gateway.upstreams.identity")?,
    };
    let operator = flag("--operator")
        .unwrap_or_else(|| std::env::var("USER").unwrap_or_else(|_| "operator".into()));
    let mut client = OperatorServiceClient::connect(identity.clone())
        .await
        .with_context(|| format!("connecting to identity at {identity}"))?;
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
                .sanction(pb::SanctionRequest {
                    user_id: member.parse().context("member id")?,
                    kind: kind as i32,
                    reason: reason.join(" "),
                    operator,
                })
                .await?
                .into_inner();
            println!("warnings since the last suspension: {}", outcome.warnings);
            print(pb::SanctionList {
                sanctions: outcome.sanction.into_iter().collect(),
            });
        }
        ["sanctions", member] => print(
            client
                .list_sanctions(pb::ListSanctionsRequest {
                    user_id: member.parse().context("member id")?,
                })
                .await?
                .into_inner(),
        ),
        ["objections"] => print(
            client
                .list_objections(pb::ListObjectionsRequest {})
                .await?
                .into_inner(),
        ),
        _ => {
            eprintln!(
                "usage: sise [sanction <member> warning|termination <reason> [--operator NAME] | \
                 sanctions <member> | objections] [--identity URL]"
            );
            std::process::exit(2);
        }
    }
    Ok(())
}
