//! The clock every process reads the same way: instants as epoch milliseconds (how rows and
//! messages store them), and Korea's offset (dates and years as members read them).

use chrono::FixedOffset;

/// Korea Standard Time, UTC+9 (no daylight saving).
pub const KST: FixedOffset = match FixedOffset::east_opt(9 * 3600) {
    Some(offset) => offset,
    None => panic!("UTC+9 is a valid offset"),
};

/// Now, as epoch milliseconds.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}
