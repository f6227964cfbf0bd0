//! `sise maintenance`, `sise promotions` and `sise analytics`: social's `SiteDeskService` on
//! its operators' listener.
//!
//! - `sise maintenance on --url <https://…> [--message <text>]`: browsers that open a page
//!   are sent to the address (spec §4); `sise maintenance off`; `sise maintenance status`
//! - `sise promotions set --title <title> --body <text> --ends-in-days <n> [--link <url|/m/…>]`:
//!   the driverEvent promotion, from now for `n` days (at most 31), replacing the running one
//! - `sise promotions end`; `sise promotions list`
//! - `sise analytics report [--day YYYY-MM-DD|today] [--json]`: page views, visitors, active
//!   members and the top screens of a KST day

use anyhow::{Context as _, bail};
use sise_platform::operator;
use sise_proto::social::v1 as social;
use sise_proto::social::v1::site_desk_service_client::SiteDeskServiceClient;

use crate::flag;

pub const USAGE: &str = "SISE_OPERATOR_TOKEN=… sise maintenance [on --url <url> [--message <text>] | off | status] [--operators URL]\n       \
     SISE_OPERATOR_TOKEN=… sise promotions [set --title <title> --body <text> --ends-in-days <n> [--link <url>] | end | list] [--operators URL]\n       \
     SISE_OPERATOR_TOKEN=… sise analytics report [--day YYYY-MM-DD|today] [--json] [--operators URL]";

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

fn maintenance_line(m: &social::Maintenance) -> String {
    if !m.on {
        return format!(
            "maintenance off (changed by {} at {} epoch ms)",
            or_none(&m.changed_by),
            m.changed_at_ms
        );
    }
    format!(
        "maintenance ON: browsers go to {} — \"{}\" (changed by {} at {} epoch ms)",
        m.redirect_url, m.message, m.changed_by, m.changed_at_ms
    )
}

fn or_none(text: &str) -> &str {
    if text.is_empty() { "nobody" } else { text }
}

fn promotion_line(p: &social::Promotion) -> String {
    format!(
        "#{} {} from {} to {} (epoch ms){}{}, by {}",
        p.id,
        p.title,
        p.starts_at_ms,
        p.ends_at_ms,
        if p.link_url.is_empty() {
            String::new()
        } else {
            format!(", link {}", p.link_url)
        },
        if p.ended_at_ms > 0 {
            format!(", ended at {}", p.ended_at_ms)
        } else {
            String::new()
        },
        p.created_by
    )
}

/// One of the three commands against social's operators' API at `url`.
pub async fn run(
    command: &str,
    mut args: Vec<String>,
    url: &str,
    token: &str,
) -> anyhow::Result<()> {
    let mut client = SiteDeskServiceClient::connect(url.to_owned())
        .await
        .with_context(|| format!("connecting to social's operators' API at {url}"))?;
    let sub = if args.is_empty() {
        String::new()
    } else {
        args.remove(0)
    };
    match (command, sub.as_str()) {
        ("maintenance", "on" | "off") => {
            let on = sub == "on";
            let redirect_url = flag(&mut args, "--url").unwrap_or_default();
            let message = flag(&mut args, "--message").unwrap_or_default();
            if !args.is_empty() {
                bail!("unexpected {args:?}\n{USAGE}");
            }
            let m = client
                .set_maintenance(operator::request(
                    social::SetMaintenanceRequest {
                        on,
                        message,
                        redirect_url,
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", maintenance_line(&m));
        }
        ("maintenance", "status") => {
            let m = client
                .get_maintenance(operator::request(social::GetMaintenanceRequest {}, token)?)
                .await?
                .into_inner();
            println!("{}", maintenance_line(&m));
        }
        ("promotions", "set") => {
            let title = flag(&mut args, "--title").context("--title")?;
            let body = flag(&mut args, "--body").context("--body")?;
            let days: i64 = flag(&mut args, "--ends-in-days")
                .context("--ends-in-days")?
                .parse()
                .context("--ends-in-days: a number of days")?;
            let link_url = flag(&mut args, "--link").unwrap_or_default();
            if !args.is_empty() {
                bail!("unexpected {args:?}\n{USAGE}");
            }
            let now = sise_platform::time::now_ms();
            let p = client
                .set_promotion(operator::request(
                    social::SetPromotionRequest {
                        title,
                        body,
                        link_url,
                        starts_at_ms: now,
                        ends_at_ms: now.saturating_add(days.saturating_mul(DAY_MS)),
                    },
                    token,
                )?)
                .await?
                .into_inner();
            println!("{}", promotion_line(&p));
        }
        ("promotions", "end") => {
            let p = client
                .end_promotion(operator::request(social::EndPromotionRequest {}, token)?)
                .await?
                .into_inner();
            println!("{} (ended)", promotion_line(&p));
        }
        ("promotions", "list") => {
            let list = client
                .list_promotions(operator::request(social::ListPromotionsRequest {}, token)?)
                .await?
                .into_inner();
            for p in &list.promotions {
                println!("{}", promotion_line(p));
            }
        }
        ("analytics", "report") => {
            let json = args.iter().any(|a| a == "--json");
            args.retain(|a| a != "--json");
            let day = flag(&mut args, "--day").unwrap_or_default();
            let day = if day == "today" { String::new() } else { day };
            if !args.is_empty() {
                bail!("unexpected {args:?}\n{USAGE}");
            }
            let r = client
                .analytics_report(operator::request(
                    social::AnalyticsReportRequest { day },
                    token,
                )?)
                .await?
                .into_inner();
            if json {
                let top: Vec<serde_json::Value> = r
                    .top_screens
                    .iter()
                    .map(|s| serde_json::json!({"screen": s.screen, "views": s.views}))
                    .collect();
                println!(
                    "{}",
                    serde_json::json!({
                        "day": r.day,
                        "page_views": r.page_views,
                        "visitors": r.visitors,
                        "active_members": r.active_members,
                        "events": r.events,
                        "top_screens": top,
                    })
                );
            } else {
                println!(
                    "{}: {} page views, {} visitors, {} active members, {} events",
                    r.day, r.page_views, r.visitors, r.active_members, r.events
                );
                for s in &r.top_screens {
                    println!("  {:>8}  {}", s.views, s.screen);
                }
            }
        }
        _ => bail!("{USAGE}"),
    }
    Ok(())
}
