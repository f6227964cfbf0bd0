//! The text forms the index keys and the queries share, so that what a person types matches
//! what they mean:
//! - folded: lowercase, only letters and digits (`삼성 전자`, `S-Oil` → `삼성전자`, `soil`);
//! - jamo: every Hangul syllable taken apart into compatibility jamo, compound finals and
//!   vowels split (`젅` → `ㅈㅓㄴㅈ`, `과` → `ㄱㅗㅏ`), so a half-typed last syllable is a
//!   prefix of the whole name (`삼성젅`, `삼성ㅈ` → `삼성전자`);
//! - 초성: the initial consonant of each syllable (`삼성전자` → `ㅅㅅㅈㅈ`).
//!
//! Syllables are taken apart by the `rusty_hangul` crate; only the split of compound
//! vowels, which it keeps whole, is ours. Market's asset search and social's topic search
//! both read queries through these forms.

use hangul::Hangul;

/// Lowercase letters and digits only: spacing and punctuation differences fall away.
pub fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The folded text as jamo (see the module note); other characters stay as they are.
pub fn jamo(folded: &str) -> String {
    let disassembled = Hangul::new(folded).disassemble();
    let mut out = String::with_capacity(disassembled.len());
    for c in disassembled.chars() {
        match split_vowel(c) {
            Some((first, second)) => {
                out.push(first);
                out.push(second);
            }
            None => out.push(c),
        }
    }
    out
}

/// The 초성 of each Hangul syllable; other characters stay as they are (`lg전자` →
/// `lgㅈㅈ`).
pub fn choseong(folded: &str) -> String {
    Hangul::new(folded).get_choseong()
}

/// Whether the text is only Hangul consonants (`ㅅㅅㅈㅈ`): a 초성 query.
pub fn is_choseong_query(folded: &str) -> bool {
    !folded.is_empty() && folded.chars().all(is_consonant)
}

/// How many Hangul syllables the text holds.
pub fn syllables(folded: &str) -> usize {
    folded.chars().filter(|c| is_syllable(*c)).count()
}

fn is_syllable(c: char) -> bool {
    ('가'..='힣').contains(&c)
}

/// A compatibility consonant, single or double (ㄱ … ㅎ).
fn is_consonant(c: char) -> bool {
    ('ㄱ'..='ㅎ').contains(&c)
}

/// A compound vowel as the two keys typed for it.
fn split_vowel(c: char) -> Option<(char, char)> {
    Some(match c {
        'ㅘ' => ('ㅗ', 'ㅏ'),
        'ㅙ' => ('ㅗ', 'ㅐ'),
        'ㅚ' => ('ㅗ', 'ㅣ'),
        'ㅝ' => ('ㅜ', 'ㅓ'),
        'ㅞ' => ('ㅜ', 'ㅔ'),
        'ㅟ' => ('ㅜ', 'ㅣ'),
        'ㅢ' => ('ㅡ', 'ㅣ'),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_drops_spacing_punctuation_and_case() {
        assert_eq!(fold(" 삼성 전자 "), "삼성전자");
        assert_eq!(fold("S-Oil"), "soil");
        assert_eq!(
            fold("SAMSUNG ELECTRONICS CO,.LTD"),
            "samsungelectronicscoltd"
        );
        assert_eq!(fold("ㅅㅅㅈㅈ"), "ㅅㅅㅈㅈ");
    }

    #[test]
    fn a_half_typed_syllable_is_a_prefix_of_the_whole_name() {
        let name = jamo("삼성전자");
        assert_eq!(name, "ㅅㅏㅁㅅㅓㅇㅈㅓㄴㅈㅏ");
        for typed in ["삼", "삼성ㅈ", "삼성저", "삼성전", "삼성젅", "삼성전자"] {
            assert!(name.starts_with(&jamo(typed)), "{typed}");
        }
        assert!(jamo("화학").starts_with(&jamo("호")));
        assert!(jamo("닭").starts_with(&jamo("달")));
    }

    #[test]
    fn choseong_of_syllables_only() {
        assert_eq!(choseong("삼성전자"), "ㅅㅅㅈㅈ");
        assert_eq!(choseong("lg전자"), "lgㅈㅈ");
        assert!(is_choseong_query("ㅅㅅㅈㅈ"));
        assert!(is_choseong_query("ㄲ"));
        assert!(!is_choseong_query("삼ㅅ"));
        assert!(!is_choseong_query(""));
        assert_eq!(syllables("sk하이닉스"), 4);
    }
}
