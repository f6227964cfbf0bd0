use std::time::Duration;

use futures::StreamExt;

use crate::helpers::{SAMSUNG, spawn_app_with};

/// Reads `event:`/`data:` pairs off an SSE response.
pub struct SseReader {
    body: futures::stream::BoxStream<'static, reqwest::Result<bytes::Bytes>>,
    buffer: String,
}

impl SseReader {
    pub fn new(response: reqwest::Response) -> Self {
        Self {
            body: response.bytes_stream().boxed(),
            buffer: String::new(),
        }
    }

    pub async fn next_event(&mut self) -> (String, serde_json::Value) {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        name = v.trim().to_owned();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim_start());
                    }
                }
                if data.is_empty() {
                    continue; // heartbeat comment or retry hint
                }
                return (name, serde_json::from_str(&data).expect("event json"));
            }
            let chunk = self.body.next().await.expect("stream open").expect("chunk");
            self.buffer
                .push_str(&String::from_utf8_lossy(&chunk).replace("\r\n", "\n"));
        }
    }
}

sise_platform::per_backend! {
    async fn stream_sends_a_snapshot_then_live_changes(backend) {
        // Fresh: it stops the system with the stream still open (see the end). With the
        // per-security gap on (the default is 0, every change at once), to see it hold.
        let app = spawn_app_with(backend, &[("gateway.quotes.stream_min_gap_ms", 250)]).await;
        let response = app
            .get(&format!(
                "/main/api/v1/quotes/stream?security_ids={SAMSUNG},KOREA-A000660"
            ))
            .await;
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"].to_str().expect("type"),
            "text/event-stream"
        );
        let mut events = SseReader::new(response);
        let (name, snapshot) = events.next_event().await;
        assert_eq!(name, "snapshot");
        assert_eq!(snapshot["quotes"].as_array().map(Vec::len), Some(2));
        let first = snapshot["quotes"][0].clone();

        // The simulator steps every 50 ms and Samsung trades on almost every step.
        let changed = tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                let (name, quote) = events.next_event().await;
                // A new snapshot follows a gap in the gateway's feed (a loaded machine).
                if name == "snapshot" {
                    continue;
                }
                assert_eq!(name, "quote");
                assert!(quote["security_id"] == SAMSUNG || quote["security_id"] == "KOREA-A000660");
                // A tick between the watch and the snapshot's read can come after the
                // snapshot with an older `traded_at` (the client keeps the newer one).
                if quote["security_id"] == SAMSUNG
                    && quote["traded_at"].as_i64() > first["traded_at"].as_i64()
                {
                    return quote;
                }
            }
        })
        .await
        .expect("a live Samsung quote newer than the snapshot within 20 s");
        assert!(changed["price"].is_number());

        // The gap: at most one quote per security per 250 ms, so 2 s of a 50 ms simulator
        // gives at most ~2 × 8 quotes + slack, not 80.
        let mut count = 0;
        let _ = tokio::time::timeout(Duration::from_secs(2), async {
            loop {
                events.next_event().await;
                count += 1;
            }
        })
        .await;
        assert!(count <= 2 * 9 + 2, "{count} quotes in 2 s: not coalesced");

        let (status, body) = app.json("/main/api/v1/quotes/stream?security_ids=").await;
        assert_eq!(
            (status, &body["error"]),
            (400, &"missing_security_ids".into())
        );
        let many = vec![SAMSUNG; 51].join(",");
        let (status, _) = app
            .json(&format!("/main/api/v1/quotes/stream?security_ids={many}"))
            .await;
        assert_eq!(status, 400);
        // The open stream must not block the graceful shutdown.
        app.stop().await;
    }
}
