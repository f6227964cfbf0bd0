//! The rules of a member's profile (spec §5, §9): nickname, birth year, gender, e-mail.
//! Each refusal is a catalogue code with the spec's Korean message.

use std::sync::LazyLock;

use chrono::Datelike as _;
use regex::Regex;
use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::time::KST;
use unicode_normalization::UnicodeNormalization as _;

/// A nickname of this many characters or more is refused (spec §5: "12 or more characters
/// … 12자 이내의 닉네임을 적어주세요."), so at most 11.
pub const NICKNAME_LIMIT: usize = 12;
/// Minimum age (spec §5, §9).
pub const MINIMUM_AGE: i32 = 14;
/// Oldest birth year offered (spec §9).
pub const OLDEST_BIRTH_YEAR: i32 = 1900;
const EMAIL_MAX: usize = 254;

/// Words that would make a nickname pass for the service or its operators (compared
/// without spaces, case-insensitively).
const IMPERSONATION: [&str; 14] = [
    "운영자",
    "운영진",
    "관리자",
    "매니저",
    "고객센터",
    "공식",
    "시세",
    "증권플러스",
    "두나무",
    "admin",
    "operator",
    "official",
    "staff",
    "sise",
];

/// Personal data a nickname must not carry: phone numbers, e-mail addresses, resident
/// registration numbers, and long digit runs of any of them written loosely.
static PERSONAL_DATA: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
          01[016789][\s.-]?\d{3,4}[\s.-]?\d{4}   # mobile number
        | \d{6}[\s-]?[1-8]\d{6}                  # resident / foreigner registration number
        | [^\s@]+@[^\s@]+\.[^\s@]+               # e-mail address
        | \d{7,}                                 # any long digit run
        ",
    )
    .expect("valid pattern")
});

/// Characters that show nothing, or reorder what is shown: format characters (general
/// category Cf: zero-width spaces and joiners U+200B–U+200D, direction marks and
/// embeddings U+200E–U+200F, U+202A–U+202E, U+2066–U+2069, word joiner and invisible
/// operators U+2060–U+2064, the byte-order mark U+FEFF, the soft hyphen, …) and every other
/// default-ignorable code point (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
/// variation selectors, …). With them `운\u{200B}영자` would pass the impersonation rule
/// and look like `운영자`, or a name would render reversed.
static INVISIBLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[\p{Cf}\p{Default_Ignorable_Code_Point}]").expect("valid pattern")
});

/// The default nicknames given at sign-up (`회원{id}`): nobody may pick one.
static DEFAULT_NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^회원\d+$").expect("valid pattern"));

static EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$")
        .expect("valid pattern")
});

/// A nickname as stored, and the key its uniqueness is checked on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nickname {
    pub name: String,
    pub key: String,
}

/// The uniqueness key of a nickname: NFC, lowercase, without spaces.
pub fn nickname_key(name: &str) -> String {
    name.nfc()
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_whitespace())
        .collect()
}

pub fn nickname(raw: &str) -> Result<Nickname, DomainError> {
    let name: String = raw.trim().nfc().collect();
    if name.is_empty() {
        return Err(ErrorCode::NicknameRequired.into());
    }
    if name.chars().count() >= NICKNAME_LIMIT {
        return Err(ErrorCode::NicknameTooLong.into());
    }
    let key = nickname_key(&name);
    let restricted = name.chars().any(char::is_control)
        || INVISIBLE.is_match(&name)
        || IMPERSONATION.iter().any(|word| key.contains(word))
        || PERSONAL_DATA.is_match(&name)
        || DEFAULT_NAME.is_match(&key);
    if restricted {
        return Err(ErrorCode::NicknameRestricted.into());
    }
    Ok(Nickname { name, key })
}

/// The birth years offered: this year − 14 back to 1900 (spec §5).
pub fn birth_year(year: Option<i32>, this_year: i32) -> Result<i32, DomainError> {
    let year = year
        .filter(|y| *y != 0)
        .ok_or(ErrorCode::BirthYearRequired)?;
    if year < OLDEST_BIRTH_YEAR || year > this_year {
        return Err(ErrorCode::InvalidBirthYear.into());
    }
    if year > this_year - MINIMUM_AGE {
        return Err(ErrorCode::UnderAge.into());
    }
    Ok(year)
}

/// 1 male, 2 female; 0 or absent is unset, which a profile may not be.
pub fn gender(gender: Option<i32>) -> Result<i32, DomainError> {
    match gender {
        Some(g @ (1 | 2)) => Ok(g),
        _ => Err(ErrorCode::GenderRequired.into()),
    }
}

/// An optional e-mail address: empty is none.
pub fn email(raw: &str) -> Result<Option<String>, DomainError> {
    let email = raw.trim();
    if email.is_empty() {
        return Ok(None);
    }
    if email.len() > EMAIL_MAX || !EMAIL.is_match(email) {
        return Err(ErrorCode::InvalidEmail.into());
    }
    Ok(Some(email.to_owned()))
}

/// This year in Korea (birth years and ages are Korean calendar years).
pub fn this_year(now_ms: i64) -> i32 {
    chrono::DateTime::from_timestamp_millis(now_ms)
        .unwrap_or_default()
        .with_timezone(&KST)
        .year()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(result: Result<Nickname, DomainError>) -> &'static str {
        result.err().map(|e| e.code.as_str()).unwrap_or("ok")
    }

    #[test]
    fn nicknames() {
        assert_eq!(nickname(" 개미 ").expect("ok").name, "개미");
        assert_eq!(code(nickname("  ")), "nickname_required");
        assert_eq!(code(nickname("열한글자닉네임입니다요")), "ok");
        assert_eq!(
            code(nickname("열두글자닉네임입니다요요")),
            "nickname_too_long"
        );
        for bad in [
            "시세운영자",
            "SISE팀",
            "관 리 자",
            "01012345678",
            "a@b.co",
            "9001011",
            "회원123",
            "번호010123456",
        ] {
            assert_eq!(code(nickname(bad)), "nickname_restricted", "{bad}");
        }
        // Decomposed Hangul is the same nickname as composed.
        let decomposed: String = "개미".nfd().collect();
        assert_eq!(nickname_key(&decomposed), nickname_key("개미"));
        assert_eq!(nickname_key("Ant Man"), "antman");
    }

    #[test]
    fn invisible_and_direction_characters_are_refused() {
        for c in [
            '\u{200B}',
            '\u{200C}',
            '\u{200D}',
            '\u{200E}',
            '\u{200F}',
            '\u{202A}',
            '\u{202B}',
            '\u{202C}',
            '\u{202D}',
            '\u{202E}',
            '\u{2060}',
            '\u{2061}',
            '\u{2062}',
            '\u{2063}',
            '\u{2064}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{061C}',
            '\u{3164}',
            '\u{FFA0}',
            '\u{115F}',
            '\u{FE0F}',
            '\u{E0041}',
        ] {
            let name = format!("개{c}미");
            let refused = nickname(&name).expect_err("refused");
            assert_eq!(refused.code, "nickname_restricted", "U+{:04X}", c as u32);
            assert_eq!(refused.message, ErrorCode::NicknameRestricted.message());
        }
        // The impersonation rule can no longer be split by a zero-width space, nor a
        // name hidden behind a right-to-left override.
        assert_eq!(code(nickname("운\u{200B}영자")), "nickname_restricted");
        assert_eq!(code(nickname("\u{202E}자영운")), "nickname_restricted");
        // Visible letters of any script, digits and plain spaces stay fine.
        for good in ["개미 2호", "Ant_맨", "かぶ", "Иван"] {
            assert_eq!(code(nickname(good)), "ok", "{good}");
        }
    }

    #[test]
    fn birth_years_and_the_rest() {
        assert_eq!(birth_year(Some(2012), 2026).ok(), Some(2012));
        let err = |r: Result<i32, DomainError>| r.err().map(|e| e.code.as_str());
        assert_eq!(err(birth_year(Some(2013), 2026)), Some("under_age"));
        assert_eq!(err(birth_year(None, 2026)), Some("birth_year_required"));
        assert_eq!(err(birth_year(Some(0), 2026)), Some("birth_year_required"));
        assert_eq!(
            err(birth_year(Some(1899), 2026)),
            Some("invalid_birth_year")
        );
        assert_eq!(birth_year(Some(1900), 2026).ok(), Some(1900));
        assert_eq!(err(gender(Some(0))), Some("gender_required"));
        assert_eq!(gender(Some(2)).ok(), Some(2));
        assert_eq!(email(" ").ok(), Some(None));
        assert!(email("ant@example.com").is_ok());
        assert!(email("not an email").is_err());
        // 2026-12-31T15:00Z is already 2027 in Seoul.
        assert_eq!(this_year(1_798_729_200_000), 2027);
    }
}
