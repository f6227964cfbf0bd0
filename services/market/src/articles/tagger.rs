//! Tags text with the listed stocks whose Korean names it mentions.
//!
//! One Aho-Corasick automaton is built once over every name of the listing (about 2,800),
//! so tagging a text costs one pass over it whatever the size of the listing. All
//! occurrences are found (overlapping), checked against the rules below, and the accepted
//! ones are chosen leftmost-longest: "LG전자" is 엘지전자, never also "LG".
//!
//! Rules (they trade a few missed mentions for very few false tags):
//! 1. **Left boundary**: a name must not continue a word: the character before it is not a
//!    Hangul syllable or an ASCII letter/digit ("포토그래피" does not name 그래피). Korean
//!    particles follow a name, they never precede it.
//! 2. **Short names** (one or two characters, e.g. "LG", "SK", "한화", "기아") must stand
//!    alone: followed by the end of the text, a character that is not a Hangul syllable or
//!    an ASCII letter/digit, or one particle (은, 는, 이, 가, 을, 를, 의, 와, 과, 도, 로,
//!    으로, 에, 에서, 만, 까지, 부터, 보다, 처럼, 측) and then such a boundary. So "LG의 배당"
//!    and "LG, 배당 확대" name LG but "LG그룹" does not.
//! 3. **ASCII endings**: a name ending in an ASCII letter/digit is not followed by another
//!    ("SKC" is not found in "SKCX").
//! 4. **Preferred shares** (codes not ending in 0, names like "삼성전자우") must be followed
//!    by a boundary or particle as in rule 2, so "삼성전자우려" names 삼성전자 only.
//! 5. **Ordinary words**: a few names that are everyday words or common name parts
//!    ([`COMMON_WORD_NAMES`], e.g. 태양, 대상, 남성, 나무가) are never tagged.

use std::collections::BTreeSet;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::dataset::ListedStock;

/// Listed names that are everyday Korean (or English) words, tagged far more often by
/// accident than by intent. Kept short and explicit; extend it when false tags show up.
pub const COMMON_WORD_NAMES: &[&str] = &[
    "대상",
    "동서",
    "태양",
    "노을",
    "레몬",
    "진도",
    "남성",
    "삼일",
    "나노",
    "동양",
    "신원",
    "전방",
    "대교",
    "한창",
    "우성",
    "코디",
    "레이",
    "카스",
    "동방",
    "서원",
    "대원",
    "핑거",
    "오공",
    "배럴",
    "서산",
    "유신",
    "선진",
    "신흥",
    "서남",
    "진영",
    "캐리",
    "삼진",
    "광무",
    "포톤",
    "디오",
    "알트",
    "베셀",
    "상보",
    "덕성",
    "대창",
    "대동",
    "대덕",
    "화신",
    "영흥",
    "삼영",
    "나무가",
    "오로라",
    "유니크",
    "유니온",
    "손오공",
    "아크릴",
    "아세아",
    "광전자",
    "사람인",
    "뉴트리",
    "머큐리",
    "이글루",
    "그래피",
    "아이엠",
    "스피어",
    "이지스",
    "자비스",
    "네이블",
    "바른손",
    "유니슨",
    "NEW",
];

/// Particles that may follow a short name (rule 2), longest first.
const PARTICLES: &[&str] = &[
    "으로", "에서", "까지", "부터", "보다", "처럼", "은", "는", "이", "가", "을", "를", "의", "와",
    "과", "도", "로", "에", "만", "측",
];

struct Name {
    security_id: String,
    /// Rule 2 / 4: must be followed by a boundary or a particle.
    standalone: bool,
    /// Rule 3.
    ascii_end: bool,
}

pub struct Tagger {
    automaton: AhoCorasick,
    names: Vec<Name>,
}

impl std::fmt::Debug for Tagger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tagger")
            .field("names", &self.names.len())
            .finish()
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

impl Tagger {
    /// Build the automaton over the Korean names of `stocks`.
    pub fn new(stocks: &[ListedStock]) -> anyhow::Result<Self> {
        let mut patterns = Vec::with_capacity(stocks.len());
        let mut names = Vec::with_capacity(stocks.len());
        for stock in stocks {
            let name = stock.name.trim();
            if name.is_empty() || COMMON_WORD_NAMES.contains(&name) {
                continue;
            }
            let preferred = !stock.security_id.code().ends_with('0');
            patterns.push(name.to_owned());
            names.push(Name {
                security_id: stock.security_id.as_str().to_owned(),
                standalone: preferred || name.chars().count() <= 2,
                ascii_end: name
                    .chars()
                    .last()
                    .is_some_and(|c| c.is_ascii_alphanumeric()),
            });
        }
        let automaton = AhoCorasickBuilder::new()
            .match_kind(MatchKind::Standard)
            .build(&patterns)?;
        Ok(Self { automaton, names })
    }

    /// The security ids `text` names, sorted and without repeats.
    pub fn tag(&self, text: &str) -> Vec<String> {
        let mut candidates: Vec<(usize, usize, usize)> = self
            .automaton
            .find_overlapping_iter(text)
            .filter(|m| self.accepts(text, m.start(), m.end(), m.pattern().as_usize()))
            .map(|m| (m.start(), m.end(), m.pattern().as_usize()))
            .collect();
        // Leftmost first, then longest.
        candidates.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let mut tags = BTreeSet::new();
        let mut covered_to = 0;
        for (start, end, pattern) in candidates {
            if start < covered_to {
                continue;
            }
            covered_to = end;
            tags.insert(self.names[pattern].security_id.clone());
        }
        tags.into_iter().collect()
    }

    fn accepts(&self, text: &str, start: usize, end: usize, pattern: usize) -> bool {
        let name = &self.names[pattern];
        if text[..start].chars().next_back().is_some_and(is_word_char) {
            return false;
        }
        let rest = &text[end..];
        if name.ascii_end
            && rest
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            return false;
        }
        !name.standalone || stands_alone(rest)
    }
}

/// `rest` (the text after a name) starts with a boundary, or one particle and a boundary.
fn stands_alone(rest: &str) -> bool {
    let boundary = |s: &str| !s.chars().next().is_some_and(is_word_char);
    boundary(rest)
        || PARTICLES
            .iter()
            .any(|p| rest.strip_prefix(p).is_some_and(boundary))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Market, SecurityId};

    fn stock(code: &str, name: &str) -> ListedStock {
        ListedStock {
            security_id: SecurityId::from_code(code).expect("code"),
            name: name.to_owned(),
            name_en: None,
            market: Market::Kospi,
            shares_outstanding: 1,
            last_close: 1,
            last_close_date: chrono::NaiveDate::from_ymd_opt(2026, 6, 15).expect("date"),
            kind: crate::dataset::SecurityKind::Stock,
        }
    }

    fn tagger() -> Tagger {
        Tagger::new(&[
            stock("005930", "삼성전자"),
            stock("005935", "삼성전자우"),
            stock("000660", "SK하이닉스"),
            stock("034730", "SK"),
            stock("003550", "LG"),
            stock("066570", "LG전자"),
            stock("051910", "LG화학"),
            stock("011790", "SKC"),
            stock("000880", "한화"),
            stock("000270", "기아"),
            stock("035720", "카카오"),
            stock("323410", "카카오뱅크"),
            stock("001680", "대상"),
            stock("001350", "그래피"),
            stock("035420", "NAVER"),
        ])
        .expect("tagger")
    }

    fn ids(codes: &[&str]) -> Vec<String> {
        let mut ids: Vec<String> = codes.iter().map(|c| format!("KOREA-A{c}")).collect();
        ids.sort();
        ids
    }

    #[test]
    fn longest_name_wins_over_its_prefix() {
        let t = tagger();
        assert_eq!(t.tag("LG전자, 신형 OLED TV 공개"), ids(&["066570"]));
        assert_eq!(t.tag("SK하이닉스 HBM 공급 확대"), ids(&["000660"]));
        assert_eq!(t.tag("카카오뱅크 대출 증가"), ids(&["323410"]));
        assert_eq!(t.tag("카카오 주가 반등"), ids(&["035720"]));
        assert_eq!(
            t.tag("삼성전자·SK하이닉스, 반도체 수출 호조"),
            ids(&["005930", "000660"])
        );
    }

    #[test]
    fn short_names_must_stand_alone() {
        let t = tagger();
        assert_eq!(t.tag("LG, 지주사 배당 확대"), ids(&["003550"]));
        assert_eq!(t.tag("LG의 배당 정책"), ids(&["003550"]));
        assert_eq!(t.tag("지주사 LG"), ids(&["003550"]));
        assert_eq!(t.tag("LG그룹 계열사 인사"), Vec::<String>::new());
        assert_eq!(t.tag("한화가 조선사 인수"), ids(&["000880"]));
        assert_eq!(t.tag("한화그룹 방산 수주"), Vec::<String>::new());
        assert_eq!(t.tag("기아 EV 판매 호조"), ids(&["000270"]));
        assert_eq!(t.tag("기아차"), Vec::<String>::new());
        // Both prefixes of longer names and standalone mentions in one text.
        assert_eq!(
            t.tag("LG전자와 LG화학, 그리고 LG"),
            ids(&["066570", "051910", "003550"])
        );
    }

    #[test]
    fn no_tags_inside_words_or_for_common_words() {
        let t = tagger();
        assert_eq!(t.tag("포토그래피 전시회"), Vec::<String>::new());
        assert_eq!(t.tag("그래피 신제품"), Vec::<String>::new(), "stop-listed");
        assert_eq!(t.tag("수출 대상 국가 확대"), Vec::<String>::new());
        assert_eq!(t.tag("비카카오 계열 확대"), Vec::<String>::new());
        assert_eq!(t.tag("SKCX 라는 가상 회사"), Vec::<String>::new());
        assert_eq!(t.tag("SKC 실적"), ids(&["011790"]));
        assert_eq!(t.tag("xNAVER"), Vec::<String>::new());
        assert_eq!(t.tag("NAVER웹툰 성장"), ids(&["035420"]));
        assert_eq!(t.tag("삼성전자가 발표"), ids(&["005930"]));
        assert_eq!(t.tag("[단독]삼성전자 실적"), ids(&["005930"]));
    }

    #[test]
    fn preferred_shares_need_a_boundary() {
        let t = tagger();
        assert_eq!(t.tag("삼성전자우 급등"), ids(&["005935"]));
        assert_eq!(t.tag("삼성전자우려 확대"), ids(&["005930"]));
        assert_eq!(t.tag("삼성전자우는 배당이 많다"), ids(&["005935"]));
    }

    #[test]
    fn tags_over_the_real_listing() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let listing = crate::dataset::load_listing(&dir).expect("listing");
        let t = Tagger::new(&listing).expect("tagger");
        assert_eq!(
            t.tag("삼성전자, 2분기 영업이익 증가… SK하이닉스도 호조"),
            ids(&["005930", "000660"])
        );
        assert_eq!(t.tag("LG에너지솔루션 배터리 수주"), ids(&["373220"]));
        assert_eq!(
            t.tag("현대차·기아 미국 판매 신기록"),
            ids(&["005380", "000270"])
        );
        assert_eq!(t.tag("오늘의 날씨: 태양이 뜨겁다"), Vec::<String>::new());
    }
}
