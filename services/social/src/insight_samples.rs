//! The sample insight articles of the embedded default (with `services.social.sample_posts`):
//! two sample contributors (negative ids, 샘플기고자1–2, labelled `sample` everywhere) and four
//! articles about real listed stocks, each stating in its text that it is sample commentary.
//! The articles are files under `data/sample_insight/` in each format a publisher may send
//! (Markdown, HTML, CUSTOM blocks), published through the same door as any article
//! ([`Store::publish_insight_article`]), once (`Store::seed_sample_contributors` claims them).

use sise_platform::time::now_ms;
use sise_proto::social::v1 as pb;

use crate::domain::insight::Content;
use crate::store::Store;
use crate::store::insight::NewArticle;

const DAY: i64 = 86_400_000;

/// `(id, name, bio)`.
pub const CONTRIBUTORS: [(i64, &str, &str); 2] = [
    (
        -101,
        "샘플기고자1",
        "반도체와 인터넷 업종을 살펴보는 샘플 기고자입니다. 실제 인물이 아닙니다.",
    ),
    (
        -102,
        "샘플기고자2",
        "2차전지와 자동차 업종을 다루는 샘플 기고자입니다. 실제 인물이 아닙니다.",
    ),
];

struct Sample {
    contributor: i64,
    title: &'static str,
    format: pb::ContentFormat,
    body: &'static str,
    securities: &'static [&'static str],
    featured: bool,
    days_ago: i64,
}

const ARTICLES: [Sample; 4] = [
    Sample {
        contributor: -102,
        title: "현대차, 환율과 수출 실적은 어떻게 이어질까",
        format: pb::ContentFormat::Markdown,
        body: include_str!("../data/sample_insight/exports.md"),
        securities: &["KOREA-A005380"],
        featured: false,
        days_ago: 4,
    },
    Sample {
        contributor: -102,
        title: "2차전지 대표주 LG에너지솔루션, 무엇을 확인할까",
        format: pb::ContentFormat::Html,
        body: include_str!("../data/sample_insight/battery.html"),
        securities: &["KOREA-A373220"],
        featured: true,
        days_ago: 3,
    },
    Sample {
        contributor: -101,
        title: "한눈에 보는 인터넷 플랫폼: NAVER와 카카오",
        format: pb::ContentFormat::Custom,
        body: include_str!("../data/sample_insight/platforms.json"),
        securities: &[],
        featured: true,
        days_ago: 2,
    },
    Sample {
        contributor: -101,
        title: "메모리 반도체 사이클, 삼성전자와 SK하이닉스를 읽는 법",
        format: pb::ContentFormat::Markdown,
        body: include_str!("../data/sample_insight/memory-cycle.md"),
        securities: &["KOREA-A005930", "KOREA-A000660"],
        featured: true,
        days_ago: 1,
    },
];

/// Seeds the sample contributors and articles unless they were seeded before.
pub async fn seed(store: Store) {
    if let Err(error) = try_seed(&store).await {
        tracing::error!(
            error = format!("{error:#}"),
            "sample insight articles not written"
        );
    }
}

async fn try_seed(store: &Store) -> anyhow::Result<()> {
    let now = now_ms();
    if !store.seed_sample_contributors(&CONTRIBUTORS, now).await? {
        return Ok(());
    }
    for sample in &ARTICLES {
        let content = Content::parse(sample.format as i32, sample.body)
            .map_err(|e| anyhow::anyhow!("sample article {:?}: {}", sample.title, e.message))?;
        let article = NewArticle {
            contributor_id: sample.contributor,
            title: sample.title.to_owned(),
            content,
            security_ids: sample.securities.iter().map(|s| (*s).to_owned()).collect(),
            featured: sample.featured,
            published_by: "sample".to_owned(),
            sample: true,
        };
        store
            .publish_insight_article(&article, now - sample.days_ago * DAY)
            .await?
            .map_err(|e| anyhow::anyhow!("sample article {:?}: {}", sample.title, e.message))?;
    }
    tracing::info!(articles = ARTICLES.len(), "sample insight articles written");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_parses_and_says_it_is_a_sample() {
        for sample in &ARTICLES {
            let content = Content::parse(sample.format as i32, sample.body).expect("accepted");
            assert!(content.text.contains("샘플 해설"), "{}", sample.title);
        }
    }
}
