//! An insight article's content, cleaned once when it is written (docs/api.md, "Insight
//! articles"): HTML through an allow-list (`ammonia`), Markdown turned into HTML
//! (`pulldown-cmark`) and then the same allow-list, or CUSTOM blocks (paragraphs,
//! headings, pictures, stock cards) checked and stored as canonical JSON. What is stored is
//! what pages show: nothing else is cleaned on the way out.

use std::collections::HashSet;
use std::sync::LazyLock;

use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::social::v1 as pb;

use super::SecurityId;

/// Characters of a body as sent (HTML, Markdown or JSON).
pub const BODY_MAX_CHARS: usize = 100_000;
/// Characters of a title.
pub const TITLE_MAX_CHARS: usize = 100;
/// Characters of the plain-text summary kept for lists.
pub const SUMMARY_CHARS: usize = 120;
/// Blocks of a CUSTOM article, and characters of one block's text.
pub const MAX_BLOCKS: usize = 200;
pub const BLOCK_MAX_CHARS: usize = 5_000;
/// Securities an article may be about.
pub const MAX_SECURITIES: usize = 10;

/// The only relative addresses a picture may have: our own image door (post pictures).
const OWN_IMAGES: &str = "/social/api/v1/post_images/";

/// How stored content is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Html,
    Custom,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Html => "HTML",
            Self::Custom => "CUSTOM",
        }
    }

    pub fn from_db(text: &str) -> Self {
        if text == "CUSTOM" {
            Self::Custom
        } else {
            Self::Html
        }
    }

    pub fn proto(self) -> pb::ContentFormat {
        match self {
            Self::Html => pb::ContentFormat::Html,
            Self::Custom => pb::ContentFormat::Custom,
        }
    }
}

/// Content ready to store: cleaned HTML or canonical CUSTOM JSON, with its plain text (the
/// summary and the search text) and the securities its stock cards name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Content {
    pub format: Format,
    pub body: String,
    pub text: String,
    pub stocks: Vec<String>,
}

impl Content {
    /// From what a publisher sent in `format` (HTML, Markdown or CUSTOM).
    pub fn parse(format: i32, body: &str) -> Result<Self, DomainError> {
        if body.trim().is_empty() {
            return Err(ErrorCode::ContentRequired.into());
        }
        if body.chars().count() > BODY_MAX_CHARS {
            return Err(DomainError::with_max(
                ErrorCode::ArticleTooLong,
                BODY_MAX_CHARS,
            ));
        }
        match pb::ContentFormat::try_from(format) {
            Ok(pb::ContentFormat::Html) => Ok(Self::html(body)),
            Ok(pb::ContentFormat::Markdown) => Ok(Self::markdown(body)),
            Ok(pb::ContentFormat::Custom) => Self::custom(body),
            _ => Err(ErrorCode::InvalidArticleContent.into()),
        }
    }

    /// HTML through the allow-list.
    pub fn html(html: &str) -> Self {
        let body = clean_html(html);
        let text = plain_text(&body);
        Self {
            format: Format::Html,
            body,
            text,
            stocks: Vec::new(),
        }
    }

    /// Markdown (CommonMark with tables and strikethrough) as HTML, then the allow-list:
    /// raw HTML inside the Markdown is cleaned like any other.
    pub fn markdown(markdown: &str) -> Self {
        use pulldown_cmark::{Options, Parser, html};
        let mut options = Options::empty();
        options.insert(Options::ENABLE_TABLES);
        options.insert(Options::ENABLE_STRIKETHROUGH);
        let mut out = String::with_capacity(markdown.len() * 3 / 2);
        html::push_html(&mut out, Parser::new_ext(markdown, options));
        Self::html(&out)
    }

    /// CUSTOM blocks from JSON: `{"blocks": [...]}` (or the array alone).
    pub fn custom(json: &str) -> Result<Self, DomainError> {
        let invalid = || DomainError::from(ErrorCode::InvalidArticleContent);
        let value: serde_json::Value = serde_json::from_str(json).map_err(|_| invalid())?;
        let blocks = match value {
            serde_json::Value::Object(mut map) => map.remove("blocks").ok_or_else(invalid)?,
            array @ serde_json::Value::Array(_) => array,
            _ => return Err(invalid()),
        };
        let blocks: Vec<Block> = serde_json::from_value(blocks).map_err(|_| invalid())?;
        if blocks.is_empty() || blocks.len() > MAX_BLOCKS {
            return Err(invalid());
        }
        let mut texts = Vec::new();
        let mut stocks = Vec::new();
        for block in &blocks {
            block.check()?;
            match block {
                Block::Paragraph { text } | Block::Heading { text } => texts.push(text.clone()),
                Block::Image { caption, .. } if !caption.is_empty() => {
                    texts.push(caption.clone());
                }
                Block::Stock { security_id } if !stocks.contains(security_id) => {
                    stocks.push(security_id.clone());
                }
                _ => {}
            }
        }
        let body = serde_json::to_string(&serde_json::json!({ "blocks": blocks }))
            .map_err(|_| invalid())?;
        Ok(Self {
            format: Format::Custom,
            body,
            text: texts.join("\n"),
            stocks,
        })
    }

    /// The first characters of the text, on one line.
    pub fn summary(&self) -> String {
        super::text::excerpt(&self.text, SUMMARY_CHARS)
    }
}

/// One CUSTOM block (the webapp draws each as a component).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Block {
    Paragraph {
        text: String,
    },
    Heading {
        text: String,
    },
    /// A picture from our image door or an https address.
    Image {
        url: String,
        #[serde(default)]
        caption: String,
    },
    /// A stock card with its live price.
    Stock {
        security_id: String,
    },
}

impl Block {
    fn check(&self) -> Result<(), DomainError> {
        let invalid = || DomainError::from(ErrorCode::InvalidArticleContent);
        let text_ok = |t: &str| !t.trim().is_empty() && t.chars().count() <= BLOCK_MAX_CHARS;
        match self {
            Self::Paragraph { text } | Self::Heading { text } if text_ok(text) => Ok(()),
            Self::Image { url, caption }
                if image_allowed(url) && caption.chars().count() <= BLOCK_MAX_CHARS =>
            {
                Ok(())
            }
            Self::Stock { security_id } => SecurityId::parse(security_id).map(|_| ()),
            _ => Err(invalid()),
        }
    }
}

/// Whether a picture may be shown from `url`: our image door, or https.
fn image_allowed(url: &str) -> bool {
    let own = url.strip_prefix(OWN_IMAGES).is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'?' || b == b'=')
    });
    own || (url.starts_with("https://")
        && url::Url::parse(url).is_ok_and(|u| u.scheme() == "https"))
}

/// The allow-list: structure, emphasis, lists, quotes, code, tables, links (any page opens
/// them with `rel="nofollow noopener noreferrer"` in a new context) and pictures from our
/// image door or https. No scripts, styles, event handlers, frames, forms or `javascript:`.
static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let tags: HashSet<&str> = [
        "p",
        "br",
        "h2",
        "h3",
        "h4",
        "ul",
        "ol",
        "li",
        "strong",
        "em",
        "b",
        "i",
        "del",
        "s",
        "blockquote",
        "code",
        "pre",
        "hr",
        "a",
        "img",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "figure",
        "figcaption",
        "sup",
        "sub",
    ]
    .into_iter()
    .collect();
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(tags)
        .add_tag_attributes("a", ["href"])
        .add_tag_attributes("img", ["src", "alt"])
        .add_tag_attributes("th", ["colspan", "rowspan"])
        .add_tag_attributes("td", ["colspan", "rowspan"])
        .url_schemes(["https", "http", "mailto"].into_iter().collect())
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some("nofollow noopener noreferrer"))
        .strip_comments(true)
        .attribute_filter(|element, attribute, value| match (element, attribute) {
            ("img", "src") => image_allowed(value).then(|| value.into()),
            // Absolute links (their scheme checked by the allow-list) or our own pages.
            ("a", "href") => {
                let own_page = value.starts_with("/m/") || value.starts_with('#');
                (own_page || value.contains(':')).then(|| value.into())
            }
            _ => Some(value.into()),
        });
    builder
});

/// `html` as the allow-list keeps it.
pub fn clean_html(html: &str) -> String {
    CLEANER.clean(html).to_string()
}

/// The text of cleaned HTML: tags dropped (block ends as line breaks), the entities the
/// cleaner writes decoded.
pub fn plain_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    let mut tag = String::new();
    for c in html.chars() {
        match (in_tag, c) {
            (false, '<') => {
                in_tag = true;
                tag.clear();
            }
            (true, '>') => {
                in_tag = false;
                let name = tag.trim_start_matches('/');
                let name = name.split([' ', '/']).next().unwrap_or_default();
                if matches!(
                    name,
                    "p" | "br" | "h2" | "h3" | "h4" | "li" | "tr" | "blockquote" | "pre" | "hr"
                ) {
                    out.push('\n');
                }
            }
            (true, c) => tag.push(c),
            (false, c) => out.push(c),
        }
    }
    let decoded = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    super::text::normalize(&decoded)
}

/// Securities an article is about: parsed, at most [`MAX_SECURITIES`], each once, in order.
pub fn securities(ids: &[String]) -> Result<Vec<String>, DomainError> {
    let mut out: Vec<String> = Vec::new();
    for id in ids {
        let id = SecurityId::parse(id.trim())?;
        if !out.iter().any(|o| o == id.as_str()) {
            out.push(id.as_str().to_owned());
        }
    }
    if out.len() > MAX_SECURITIES {
        return Err(DomainError::with_max(
            ErrorCode::TooManySecurities,
            MAX_SECURITIES,
        ));
    }
    Ok(out)
}

/// The folded form searched: lower case, whitespace runs as one space.
pub fn search_form(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The usual XSS payloads (OWASP's filter evasion cheat sheet and friends): none keeps
    /// a script, an event handler, a style, a frame or a `javascript:` address.
    const PAYLOADS: &[&str] = &[
        "<script>alert(1)</script>",
        "<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>",
        "<img src=x onerror=alert(1)>",
        "<img src=\"javascript:alert('XSS');\">",
        "<IMG SRC=JaVaScRiPt:alert('XSS')>",
        "<img src=`javascript:alert(1)`>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"jav&#x09;ascript:alert(1)\">x</a>",
        "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">x</a>",
        "<a href=\" javascript:alert(1)\">x</a>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
        "<a href=\"vbscript:msgbox(1)\">x</a>",
        "<svg/onload=alert(1)>",
        "<svg><script>alert(1)</script></svg>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<body onload=alert(1)>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "<object data=\"javascript:alert(1)\"></object>",
        "<embed src=\"javascript:alert(1)\">",
        "<form action=\"javascript:alert(1)\"><input type=submit></form>",
        "<div style=\"background:url(javascript:alert(1))\">x</div>",
        "<style>@import 'https://evil.example/x.css';</style>",
        "<link rel=stylesheet href=https://evil.example/x.css>",
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
        "<p onclick=\"alert(1)\" onmouseover=alert(1)>x</p>",
        "<<script>alert(1);//<</script>",
        "<scr<script>ipt>alert(1)</scr</script>ipt>",
        "<img \"\"\"><script>alert(1)</script>\">",
        "<a href=\"https://ok.example\" onclick=\"alert(1)\" target=\"_self\">ok</a>",
        "<details open ontoggle=alert(1)>",
        "<video><source onerror=\"alert(1)\"></video>",
        "<base href=\"javascript:alert(1)//\">",
        "<!--<img src=\"--><img src=x onerror=alert(1)//\">",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
        "<a href=\"//evil.example\">protocol-relative</a>",
        "<img src=\"http://plain.example/x.png\">",
        "<img src=\"/other/path.png\">",
    ];

    /// The tags of cleaned HTML (text is escaped, so a payload left as text is inert).
    fn tags(html: &str) -> String {
        let mut out = String::new();
        let mut rest = html;
        while let Some(start) = rest.find('<') {
            let end = rest[start..]
                .find('>')
                .map_or(rest.len(), |e| start + e + 1);
            out.push_str(&rest[start..end]);
            rest = &rest[end..];
        }
        out.to_lowercase()
    }

    #[test]
    fn xss_payloads_leave_nothing_that_runs() {
        for payload in PAYLOADS {
            let clean = tags(&clean_html(payload));
            for bad in [
                "<script",
                "javascript:",
                "vbscript:",
                "data:",
                "onerror",
                "onload",
                "onclick",
                "onmouseover",
                "ontoggle",
                "<iframe",
                "<object",
                "<embed",
                "<form",
                "<input",
                "style",
                "<svg",
                "<math",
                "<meta",
                "<link",
                "<base",
                "evil.example",
                "http://plain",
                "/other/path",
            ] {
                assert!(!clean.contains(bad), "{payload:?} kept {bad:?}: {clean}");
            }
            // And the same through Markdown.
            let md = tags(&Content::markdown(payload).body);
            for bad in [
                "<script",
                "javascript:",
                "onerror",
                "onload",
                "<iframe",
                "style",
            ] {
                assert!(
                    !md.contains(bad),
                    "{payload:?} kept {bad:?} in Markdown: {md}"
                );
            }
        }
    }

    #[test]
    fn the_allow_list_keeps_structure_links_and_allowed_pictures() {
        let clean = clean_html(
            "<h2>제목</h2><p><strong>굵게</strong> <em>기울임</em> \
             <a href=\"https://dart.fss.or.kr\">공시</a> <a href=\"/m/stocks/KOREA-A005930\">종목</a></p>\
             <ul><li>하나</li></ul><img src=\"https://img.example/a.png\" alt=\"그림\">\
             <img src=\"/social/api/v1/post_images/abc123\">",
        );
        assert!(clean.contains("<h2>제목</h2>"), "{clean}");
        assert!(clean.contains("<strong>굵게</strong>"));
        assert!(clean.contains(
            "<a href=\"https://dart.fss.or.kr\" rel=\"nofollow noopener noreferrer\">공시</a>"
        ));
        assert!(clean.contains("href=\"/m/stocks/KOREA-A005930\""));
        assert!(clean.contains("<img src=\"https://img.example/a.png\" alt=\"그림\">"));
        assert!(clean.contains("src=\"/social/api/v1/post_images/abc123\""));
    }

    #[test]
    fn markdown_becomes_clean_html_and_text() {
        let content =
            Content::markdown("## 반도체\n\n삼성전자는 **HBM**을 <b onclick=x>늘린다</b>.\n");
        assert_eq!(content.format, Format::Html);
        assert!(content.body.contains("<h2>반도체</h2>"));
        assert!(content.body.contains("<strong>HBM</strong>"));
        assert!(!content.body.contains("onclick"));
        assert!(content.text.starts_with("반도체\n"), "{:?}", content.text);
        assert!(content.text.ends_with("삼성전자는 HBM을 늘린다."));
        assert_eq!(content.summary(), "반도체 삼성전자는 HBM을 늘린다.");
    }

    #[test]
    fn custom_blocks_are_checked_and_canonical() {
        let content = Content::custom(
            r#"{"blocks":[{"type":"heading","text":"요약"},{"type":"paragraph","text":"본문"},
               {"type":"stock","security_id":"KOREA-A005930"},
               {"type":"image","url":"https://img.example/a.png","caption":"그림"}]}"#,
        )
        .expect("accepted");
        assert_eq!(content.format, Format::Custom);
        assert_eq!(content.stocks, vec!["KOREA-A005930".to_owned()]);
        assert_eq!(content.text, "요약\n본문\n그림");
        // Stored canonical: reading it again gives the same.
        assert_eq!(Content::custom(&content.body).expect("canonical"), content);
        for bad in [
            "[]",
            "{}",
            "not json",
            r#"[{"type":"script","text":"x"}]"#,
            r#"[{"type":"paragraph","text":""}]"#,
            r#"[{"type":"paragraph","text":"x","onclick":"y"}]"#,
            r#"[{"type":"image","url":"javascript:alert(1)"}]"#,
            r#"[{"type":"image","url":"http://plain.example/a.png"}]"#,
            r#"[{"type":"stock","security_id":"005930"}]"#,
        ] {
            assert!(Content::custom(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn formats_and_bounds() {
        assert!(Content::parse(pb::ContentFormat::Unspecified as i32, "x").is_err());
        assert_eq!(
            Content::parse(pb::ContentFormat::Html as i32, " ")
                .expect_err("refused")
                .code,
            ErrorCode::ContentRequired
        );
        let long = "가".repeat(BODY_MAX_CHARS + 1);
        assert_eq!(
            Content::parse(pb::ContentFormat::Markdown as i32, &long)
                .expect_err("refused")
                .code,
            ErrorCode::ArticleTooLong
        );
        let ids: Vec<String> = (0..11).map(|i| format!("KOREA-A00000{}", i % 10)).collect();
        assert_eq!(securities(&ids).expect("accepted").len(), 10);
        let ids: Vec<String> = (0..11).map(|i| format!("KOREA-A0000{i:02}")).collect();
        assert_eq!(
            securities(&ids).expect_err("refused").code,
            ErrorCode::TooManySecurities
        );
        assert_eq!(search_form("  삼성  HBM\n전망 "), "삼성 hbm 전망");
    }
}
