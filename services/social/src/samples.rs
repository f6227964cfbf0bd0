//! The sample boards of the embedded default (`services.social.sample_posts`): a few posts
//! of sample members (negative ids, 샘플회원1…, labelled `sample` everywhere) on the
//! largest stocks' boards, with comments and reactions, spread over the last days, so a
//! fresh one-process server shows living boards. Market names the stocks
//! (`TrendService/ListOrderedStocks`, key `market_cap`); until it answers the task retries
//! in the background. Written once (`store::samples`).

use std::time::Duration;

use sise_platform::time::now_ms;
use sise_proto::market::v1::ListOrderedStocksRequest;
use sise_proto::market::v1::trend_service_client::TrendServiceClient;
use tokio_util::sync::CancellationToken;
use tonic::transport::Channel;

use crate::domain::{Category, Emotion};
use crate::store::Store;
use crate::store::samples::{SampleComment, SampleMember, SamplePost};

/// Boards that get sample posts: the largest stocks by market cap.
pub const BOARDS: i64 = 10;
/// Sample members, ids -1 to -5.
pub const MEMBERS: i64 = 5;
const HOUR: i64 = 3_600_000;
const FIRST_RETRY: Duration = Duration::from_millis(500);
const MAX_RETRY: Duration = Duration::from_secs(30);

/// `{name}` is the stock's name.
const POSTS: [(Category, &str); 12] = [
    (
        Category::Opinion,
        "{name} 요즘 거래량이 꾸준히 늘고 있네요. 실적 발표 전까지는 지켜보려고 합니다.",
    ),
    (
        Category::Question,
        "{name} 다음 실적 발표가 언제인지 아시는 분 계신가요?",
    ),
    (
        Category::Opinion,
        "장기로 모아가는 중인데 {name} 오늘 흐름 괜찮네요.\n다들 분할매수 하시나요?",
    ),
    (
        Category::News,
        "{name} 관련 공시가 올라왔네요. 종목 화면의 공시 탭에서 원문을 확인해 보세요.",
    ),
    (
        Category::Opinion,
        "{name} 단기간에 많이 올라서 조정이 올 수도 있을 것 같아요. 추격 매수는 조심하세요.",
    ),
    (
        Category::Question,
        "주식 초보입니다. {name} 외국인 수급은 어디서 보면 되나요?",
    ),
    (
        Category::Opinion,
        "배당까지 생각하면 {name} 지금 가격대도 나쁘지 않아 보입니다. 물론 판단은 각자!",
    ),
    (
        Category::News,
        "오늘 {name} 업종 전반이 강세네요. 관련 뉴스 몇 개 읽어 봤는데 분위기가 좋습니다.",
    ),
    (
        Category::Opinion,
        "{name} 전고점 근처라 부담스럽네요.\n\n돌파하면 그때 추가로 들어가 보려고요.",
    ),
    (
        Category::Question,
        "{name} 지금 들어가기엔 늦었을까요? 여러분 의견 궁금합니다.",
    ),
    (
        Category::Opinion,
        "{name} 변동성이 커서 비중은 작게 가져가는 중입니다. 다들 성투하세요 📈",
    ),
    (
        Category::Opinion,
        "{name} 오늘은 조용하네요. 이럴 때 공부 삼아 사업보고서 읽어 보는 것도 좋을 듯합니다.",
    ),
];

const COMMENTS: [&str; 8] = [
    "좋은 의견 감사합니다.",
    "저도 같은 생각이에요.",
    "저는 조금 더 지켜보려고요.",
    "실적 보고 판단해도 늦지 않을 것 같아요.",
    "정보 감사합니다!",
    "분할매수가 답인 것 같습니다.",
    "공시 확인했습니다. 참고할게요.",
    "너무 낙관적인 것 같기도 해요 😅",
];

/// The sample members.
pub fn members() -> Vec<SampleMember> {
    (1..=MEMBERS)
        .map(|n| SampleMember {
            id: -n,
            name: format!("샘플회원{n}"),
        })
        .collect()
}

/// The sample posts of `boards` (`(security_id, name)`, largest first), as of `now`: three
/// posts a board over the last three days, each with a few comments (a reply among them)
/// and reactions of the other sample members.
pub fn posts(boards: &[(String, String)], now: i64) -> Vec<SamplePost> {
    let mut posts = Vec::new();
    for (b, (security_id, name)) in boards.iter().enumerate() {
        let b = b as i64;
        for p in 0..3_i64 {
            let author = -1 - (b + p) % MEMBERS;
            let (category, text) = POSTS[((b * 3 + p * 5) % POSTS.len() as i64) as usize];
            // Within the last 72 hours, older for later posts of a board.
            let created_at_ms = now - ((b * 7 + p * 23 + 1) % 72) * HOUR - (b * 13 + p) * 60_000;
            let others = |k: i64| -1 - (b + p + k) % MEMBERS;
            let comments = (0..(b + p) % 4)
                .map(|c| SampleComment {
                    user_id: others(c + 1),
                    content: COMMENTS[((b + p * 3 + c) % COMMENTS.len() as i64) as usize]
                        .to_owned(),
                    created_at_ms: created_at_ms + (c + 1) * 17 * 60_000,
                    reply: c == 2,
                })
                .collect();
            let reactions = (1..=(b + 2 * p) % MEMBERS)
                .map(|k| {
                    let emotion = if (b + p + k) % 4 == 0 {
                        Emotion::Dislike
                    } else {
                        Emotion::Like
                    };
                    (others(k), emotion)
                })
                .collect();
            posts.push(SamplePost {
                security_id: security_id.clone(),
                user_id: author,
                category,
                content: text.replace("{name}", name),
                created_at_ms,
                comments,
                reactions,
            });
        }
    }
    posts
}

/// Seeds the sample boards once market names the largest stocks (retrying until it
/// answers, or `cancel`).
pub async fn seed(store: Store, trends: TrendServiceClient<Channel>, cancel: CancellationToken) {
    let mut wait = FIRST_RETRY;
    loop {
        let asked = trends
            .clone()
            .list_ordered_stocks(ListOrderedStocksRequest {
                key: "market_cap".into(),
                market: String::new(),
                limit: Some(BOARDS),
                cursor: String::new(),
            })
            .await;
        let boards: Result<Vec<(String, String)>, tonic::Status> = asked.map(|answer| {
            answer
                .into_inner()
                .stocks
                .into_iter()
                .map(|s| (s.security_id, s.name))
                .collect()
        });
        match boards {
            // No stocks yet (market still loading): asked again.
            Ok(boards) if !boards.is_empty() => {
                let now = now_ms();
                match store
                    .seed_samples(&members(), &posts(&boards, now), now)
                    .await
                {
                    Ok(true) => tracing::info!(boards = boards.len(), "sample boards seeded"),
                    Ok(false) => tracing::debug!("sample boards seeded before"),
                    Err(error) => {
                        tracing::warn!(error = format!("{error:#}"), "sample boards not seeded")
                    }
                }
                return;
            }
            Ok(_) => tracing::debug!("market lists no stocks yet: sample boards wait"),
            Err(status) => tracing::debug!(
                %status,
                retry_in_ms = wait.as_millis() as u64,
                "market not answering yet: sample boards wait"
            ),
        }
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = cancel.cancelled() => return,
        }
        wait = (wait * 2).min(MAX_RETRY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_posts_are_varied_and_recent() {
        let boards: Vec<(String, String)> = (0..10)
            .map(|i| (format!("KOREA-A00000{i}"), format!("종목{i}")))
            .collect();
        let now = 1_780_000_000_000;
        let posts = posts(&boards, now);
        assert_eq!(posts.len(), 30);
        let texts: std::collections::HashSet<&str> =
            posts.iter().map(|p| p.content.as_str()).collect();
        assert_eq!(texts.len(), 30, "no text twice");
        for post in &posts {
            assert!((1..=MEMBERS).contains(&-post.user_id));
            assert!(post.created_at_ms < now && post.created_at_ms > now - 73 * HOUR);
            // Nobody reacts to or comments on their own post twice over.
            let reactors: std::collections::HashSet<i64> =
                post.reactions.iter().map(|(u, _)| *u).collect();
            assert_eq!(reactors.len(), post.reactions.len());
            assert!(!reactors.contains(&post.user_id));
            assert!(
                post.comments
                    .iter()
                    .all(|c| c.created_at_ms > post.created_at_ms)
            );
        }
        assert!(posts.iter().any(|p| p.comments.iter().any(|c| c.reply)));
        assert!(
            posts
                .iter()
                .any(|p| p.reactions.iter().any(|(_, e)| *e == Emotion::Dislike))
        );
    }
}
