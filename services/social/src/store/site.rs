//! Around the pages: the maintenance switch (one row), operators' promotions (one running
//! at a time) and the analytics events behind the operators' daily report.

use sise_proto::social::v1 as pb;
use sqlx::Row as _;
use sqlx::any::AnyRow;

use super::{Sql, Store};

const PROMOTION_COLUMNS: &str =
    "id, title, body, link_url, starts_at_ms, ends_at_ms, created_by, ended_at_ms";

/// The promotions an operator's list holds.
const LISTED_PROMOTIONS: i64 = 50;
/// The screens a day's report names.
const TOP_SCREENS: i64 = 10;

fn promotion(row: &AnyRow) -> anyhow::Result<pb::Promotion> {
    Ok(pb::Promotion {
        id: row.try_get("id")?,
        title: row.try_get("title")?,
        body: row.try_get("body")?,
        link_url: row.try_get("link_url")?,
        starts_at_ms: row.try_get("starts_at_ms")?,
        ends_at_ms: row.try_get("ends_at_ms")?,
        created_by: row.try_get("created_by")?,
        ended_at_ms: row.try_get::<Option<i64>, _>("ended_at_ms")?.unwrap_or(0),
    })
}

/// A new promotion as an operator set it.
pub struct NewPromotion<'a> {
    pub title: &'a str,
    pub body: &'a str,
    pub link_url: &'a str,
    pub starts_at_ms: i64,
    pub ends_at_ms: i64,
}

/// One analytics event as stored (the batch's member, device, session and app with it).
pub struct StoredEvent<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub screen: &'a str,
    pub time_ms: i64,
}

/// Who sent a batch of analytics events, and when it arrived.
pub struct EventSource<'a> {
    /// 0: a visitor.
    pub user_id: i64,
    pub device_id: &'a str,
    pub session_id: &'a str,
    pub app_type: &'a str,
    pub received_at_ms: i64,
    /// The KST day of arrival.
    pub day: i64,
}

impl Store {
    /// The maintenance switch as last set (off, never set, when there is no row).
    pub async fn maintenance(&self) -> anyhow::Result<pb::Maintenance> {
        let row = sqlx::query(
            "SELECT is_on, message, redirect_url, changed_by, changed_at_ms \
             FROM site_maintenance WHERE id = 1",
        )
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(row) = row else {
            return Ok(pb::Maintenance::default());
        };
        Ok(pb::Maintenance {
            on: row.try_get::<i64, _>("is_on")? != 0,
            message: row.try_get("message")?,
            redirect_url: row.try_get("redirect_url")?,
            changed_by: row.try_get("changed_by")?,
            changed_at_ms: row.try_get("changed_at_ms")?,
        })
    }

    /// Switches maintenance on or off (checked by the caller).
    pub async fn set_maintenance(
        &self,
        on: bool,
        message: &str,
        redirect_url: &str,
        operator: &str,
        now: i64,
    ) -> anyhow::Result<pb::Maintenance> {
        sqlx::query(
            "INSERT INTO site_maintenance (id, is_on, message, redirect_url, changed_by, changed_at_ms) \
             VALUES (1, $1, $2, $3, $4, $5) \
             ON CONFLICT (id) DO UPDATE SET is_on = excluded.is_on, message = excluded.message, \
             redirect_url = excluded.redirect_url, changed_by = excluded.changed_by, \
             changed_at_ms = excluded.changed_at_ms",
        )
        .bind(i64::from(on))
        .bind(message)
        .bind(redirect_url)
        .bind(operator)
        .bind(now)
        .execute(self.db.writer())
        .await?;
        Ok(pb::Maintenance {
            on,
            message: message.to_owned(),
            redirect_url: redirect_url.to_owned(),
            changed_by: operator.to_owned(),
            changed_at_ms: now,
        })
    }

    /// The promotion running at `now`: the newest not ended whose window holds `now`.
    pub async fn running_promotion(&self, now: i64) -> anyhow::Result<Option<pb::Promotion>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {PROMOTION_COLUMNS} FROM promotions \
             WHERE ended_at_ms IS NULL AND starts_at_ms <= $1 AND ends_at_ms > $1 \
             ORDER BY id DESC LIMIT 1"
        )))
        .bind(now)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(promotion).transpose()
    }

    /// A new promotion; every one not ended yet (running or still to start) ends at `now`,
    /// in the same transaction, so one runs at a time.
    pub async fn set_promotion(
        &self,
        new: &NewPromotion<'_>,
        operator: &str,
        now: i64,
    ) -> anyhow::Result<pb::Promotion> {
        let mut tx = self.db.begin().await?;
        sqlx::query(
            "UPDATE promotions SET ended_at_ms = $1, ended_by = $2 WHERE ended_at_ms IS NULL",
        )
        .bind(now)
        .bind(operator)
        .execute(&mut *tx)
        .await?;
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO promotions (title, body, link_url, starts_at_ms, ends_at_ms, created_by, created_at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {PROMOTION_COLUMNS}"
        )))
        .bind(new.title)
        .bind(new.body)
        .bind(new.link_url)
        .bind(new.starts_at_ms)
        .bind(new.ends_at_ms)
        .bind(operator)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        promotion(&row)
    }

    /// Ends every promotion not ended yet; the newest of them, or None when there was none.
    pub async fn end_promotion(
        &self,
        operator: &str,
        now: i64,
    ) -> anyhow::Result<Option<pb::Promotion>> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE promotions SET ended_at_ms = $1, ended_by = $2 \
             WHERE ended_at_ms IS NULL AND ends_at_ms > $1 RETURNING {PROMOTION_COLUMNS}"
        )))
        .bind(now)
        .bind(operator)
        .fetch_all(self.db.writer())
        .await?;
        let mut ended = rows
            .iter()
            .map(promotion)
            .collect::<anyhow::Result<Vec<_>>>()?;
        ended.sort_by_key(|p| p.id);
        Ok(ended.pop())
    }

    /// The latest promotions, newest first.
    pub async fn promotions(&self) -> anyhow::Result<Vec<pb::Promotion>> {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {PROMOTION_COLUMNS} FROM promotions ORDER BY id DESC LIMIT {LISTED_PROMOTIONS}"
        )))
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(promotion)
        .collect()
    }

    /// Stores a batch of analytics events; an event stored before (a redelivered batch, a
    /// client's retry) is skipped. How many were new.
    pub async fn record_analytics(
        &self,
        source: &EventSource<'_>,
        events: &[StoredEvent<'_>],
    ) -> anyhow::Result<u64> {
        if events.is_empty() {
            return Ok(0);
        }
        let mut sql = Sql::new(
            "INSERT INTO analytics_events (device_id, event_id, day, user_id, session_id, \
             app_type, name, screen, time_ms, received_at_ms) VALUES ",
        );
        for (i, event) in events.iter().enumerate() {
            let values = [
                sql.text(source.device_id),
                sql.text(event.id),
                sql.int(source.day),
                sql.int(source.user_id),
                sql.text(source.session_id),
                sql.text(source.app_type),
                sql.text(event.name),
                sql.text(event.screen),
                sql.int(event.time_ms),
                sql.int(source.received_at_ms),
            ];
            if i > 0 {
                sql.push(", ");
            }
            // A visitor's events have no member (NULL, not 0).
            sql.push(&format!(
                "({}, {}, {}, NULLIF({}, 0), {}, {}, {}, {}, {}, {})",
                values[0],
                values[1],
                values[2],
                values[3],
                values[4],
                values[5],
                values[6],
                values[7],
                values[8],
                values[9]
            ));
        }
        sql.push(" ON CONFLICT (device_id, event_id) DO NOTHING");
        let mut conn = self.db.writer().acquire().await?;
        sql.execute(&mut conn).await
    }

    /// Forgets the analytics events of days before `first_kept_day`; how many went.
    pub async fn forget_analytics_before(&self, first_kept_day: i64) -> anyhow::Result<u64> {
        let done = sqlx::query("DELETE FROM analytics_events WHERE day < $1")
            .bind(first_kept_day)
            .execute(self.db.writer())
            .await?;
        Ok(done.rows_affected())
    }

    /// The report of one KST day (`day` = days since 1970-01-01).
    pub async fn analytics_report(&self, day: i64) -> anyhow::Result<pb::AnalyticsReportAnswer> {
        let counts = sqlx::query(
            "SELECT COUNT(*) AS events, \
             COALESCE(SUM(CASE WHEN name = 'page_view' THEN 1 ELSE 0 END), 0) AS page_views, \
             COUNT(DISTINCT device_id) AS visitors, COUNT(DISTINCT user_id) AS members \
             FROM analytics_events WHERE day = $1",
        )
        .bind(day)
        .fetch_one(&self.db.pool)
        .await?;
        let top_screens = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT screen, COUNT(*) AS views FROM analytics_events \
             WHERE day = $1 AND name = 'page_view' AND screen <> '' \
             GROUP BY screen ORDER BY views DESC, screen LIMIT {TOP_SCREENS}"
        )))
        .bind(day)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(|row| {
            Ok(pb::ScreenViews {
                screen: row.try_get("screen")?,
                views: row.try_get("views")?,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(pb::AnalyticsReportAnswer {
            day: String::new(),
            events: counts.try_get("events")?,
            page_views: counts.try_get("page_views")?,
            visitors: counts.try_get("visitors")?,
            active_members: counts.try_get("members")?,
            top_screens,
        })
    }
}
