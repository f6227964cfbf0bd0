//! The stock page's first paint. The webapp's build prerenders `/m/stocks/{id}` around a
//! header that is still loading (`dist/prerender/stock.html`, `webapp/scripts/prerender.mjs`):
//! every occurrence of [`SENTINEL`] stands for the security id, and the header sits between
//! [`START`] and [`END`]. The gateway fills in the id, the header as React renders it with
//! the security's data, and that data itself (the body of `GET /api/v1/securities/{id}`) as
//! `<script type="application/json" id="sise-initial-data">` in the head, from which the
//! client seeds its query cache: its first render then equals this markup and React
//! hydrates it as it is. The head's `<title>` becomes the stock's. So the name and the price
//! paint before any script has run. The contract is written down in `webapp/README.md`
//! ("Prerendered pages").
//!
//! The header markup here mirrors `StockHeader` / `PriceHeader` / `QuoteChange` of the
//! webapp; both sides are tested against one fixture
//! (`webapp/src/features/securities/components/stock-header.fixtures.{json,html}`). Should
//! they ever differ, React still renders the right header (it replaces what does not match).

use serde::Deserialize;

/// The security id's stand-in in the prerendered page.
pub const SENTINEL: &str = "KOREA-SISESECURITYID";
/// The header's place in the prerendered page (the markers are dropped when filled).
pub const START: &str = "<!--sise:stock-header-->";
pub const END: &str = "<!--/sise:stock-header-->";

/// The prerendered page, split around the header.
#[derive(Debug)]
pub struct Template {
    before: String,
    pending: String,
    after: String,
}

impl Template {
    /// `None` when the page lacks the markers (a build from before them: serve the plain page).
    pub fn parse(html: &str) -> Option<Self> {
        let (before, rest) = html.split_once(START)?;
        let (pending, after) = rest.split_once(END)?;
        Some(Self {
            before: before.to_owned(),
            pending: pending.to_owned(),
            after: after.to_owned(),
        })
    }

    /// The page of `security_id` (already checked to be an id), with its header and data
    /// when `detail` (the securities API's JSON body) is given, else with the loading header.
    pub fn fill(&self, security_id: &str, detail: Option<(&[u8], i64)>) -> String {
        let header = detail
            .and_then(|(json, _)| serde_json::from_slice::<Detail>(json).ok())
            .map(|detail| {
                let title = format!(
                    "{} {} : 시세",
                    escape(&detail.security.name),
                    escape(&detail.security.code)
                );
                (header_html(&detail), title)
            });
        let mut page =
            String::with_capacity(self.before.len() + self.pending.len() + self.after.len() + 4096);
        page.push_str(&self.before);
        page.push_str(header.as_ref().map_or(&self.pending, |(html, _)| html));
        page.push_str(&self.after);
        let mut page = page.replace(SENTINEL, security_id);
        if let (Some((json, fetched_at)), Some((_, title))) = (detail, header) {
            if let Some(start) = page.find("<title>")
                && let Some(end) = page[start..].find("</title>")
            {
                page.replace_range(start + "<title>".len()..start + end, &title);
            }
            let data = initial_data(security_id, json, fetched_at);
            let at = page.find("</head>").unwrap_or(0);
            page.insert_str(at, &data);
        }
        page
    }
}

/// The data script: JSON inside `<script>`, so `<` is escaped (no `</script>` can close it).
fn initial_data(security_id: &str, json: &[u8], fetched_at: i64) -> String {
    let body = String::from_utf8_lossy(json).replace('<', "\\u003c");
    let id = serde_json::to_string(security_id).unwrap_or_default();
    format!(
        r#"<script type="application/json" id="sise-initial-data">{{"security_id":{id},"security":{body},"fetched_at":{fetched_at}}}</script>"#
    )
}

/// The part of the securities API's answer the header shows.
#[derive(Debug, Deserialize)]
struct Detail {
    security: SecurityPart,
    quote: QuotePart,
}

#[derive(Debug, Deserialize)]
struct SecurityPart {
    name: String,
    code: String,
    market: String,
}

#[derive(Debug, Deserialize)]
struct QuotePart {
    price: f64,
    change: f64,
    change_rate: f64,
    change_type: String,
    session: String,
    traded_at: i64,
}

/// `webapp/src/lib/change-display.ts`: class, arrow, badge, spoken label.
fn change_display(
    change_type: &str,
) -> (
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static str,
) {
    match change_type {
        "UPPER_LIMIT" => ("change--upper-limit", "↑", Some("상한가"), "상한가"),
        "RISE" => ("change--rise", "▲", None, "상승"),
        "FALL" => ("change--fall", "▼", None, "하락"),
        "LOWER_LIMIT" => ("change--lower-limit", "↓", Some("하한가"), "하한가"),
        _ => ("change--even", "", None, "보합"),
    }
}

/// `webapp/src/lib/market-label.ts`.
fn market_label(market: &str) -> &str {
    match market {
        "KOSPI" => "코스피",
        "KOSDAQ" => "코스닥",
        other => other,
    }
}

/// `webapp/src/features/securities/utils/quote-display.ts`.
fn session_label(session: &str) -> &'static str {
    match session {
        "PRE_MARKET" => "장 시작 전",
        "OPENING_AUCTION" => "장 시작 동시호가",
        "REGULAR" => "장 중",
        "CLOSING_AUCTION" => "장 마감 동시호가",
        "AFTER_HOURS" => "시간외",
        "CLOSED" => "장 마감",
        _ => "",
    }
}

/// The header with data, as React's server renderer writes it.
fn header_html(detail: &Detail) -> String {
    let (security, quote) = (&detail.security, &detail.quote);
    let (class, arrow, badge, label) = change_display(&quote.change_type);
    let name = escape(&security.name);
    let code = escape(&security.code);
    let badge = badge.map_or(String::new(), |badge| {
        format!(
            r#"<span class="quote-change__badge"><span aria-hidden="true">{arrow}</span> <!-- -->{badge}</span>"#
        )
    });
    let arrow = if arrow.is_empty() {
        String::new()
    } else {
        format!(r#"<span class="quote-change__arrow" aria-label="{label}">{arrow}</span>"#)
    };
    format!(
        concat!(
            r#"<section class="price-header" aria-label="{name} 시세">"#,
            r#"<div class="price-header__identity"><h1 class="price-header__name">{name}</h1>"#,
            r#"<span class="price-header__code" data-testid="security-code">{code}</span>"#,
            r#"<span class="price-header__market">{market}</span></div>"#,
            r#"<p class="price-header__price {class}" data-testid="quote-price">{price}</p>"#,
            r#"<span class="quote-change {class} price-header__change" data-change-type="{change_type}" data-testid="quote-change">"#,
            r#"{badge}<span class="quote-change__amount">{arrow}{change}</span>"#,
            r#"<span class="quote-change__rate">{rate}</span></span>"#,
            r#"<p class="price-header__session" data-testid="quote-session"><span>{session}</span>"#,
            r#"<span aria-hidden="true"> · </span><time dateTime="{iso}">{time}</time><span> 기준</span></p>"#,
            r#"</section>"#,
        ),
        name = name,
        code = code,
        market = escape(market_label(&security.market)),
        class = class,
        price = format_number(quote.price),
        change_type = escape(&quote.change_type),
        badge = badge,
        arrow = arrow,
        change = format_number(quote.change.abs()),
        rate = format_signed_percent(quote.change_rate),
        session = session_label(&quote.session),
        iso = iso_time(quote.traded_at),
        time = korea_time(quote.traded_at),
    )
}

/// React's escaping of text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            c => out.push(c),
        }
    }
    out
}

/// A number rounded half away from zero to two decimals, on its shortest decimal form (the
/// one that reads back as the same double, as JavaScript prints it): the sign, the integer
/// digits and two fraction digits. That is what `Intl.NumberFormat` does (`1.005` → `1.01`,
/// a percent being those digits moved two places), which `{:.2}` on the double (`1.00`, its
/// exact value being a little below) or on a product of floats would not.
fn round_2(value: f64, times_100: bool) -> (bool, String, [u8; 2]) {
    // Rust prints the shortest round-trip form, never with an exponent.
    let shortest = value.abs().to_string();
    let (int, frac) = shortest.split_once('.').unwrap_or((&shortest, ""));
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).collect();
    let mut point = int.len();
    if times_100 {
        point += 2;
    }
    // At least the two kept fraction digits and the one rounded on.
    if digits.len() < point + 3 {
        digits.resize(point + 3, b'0');
    }
    // Keep two fraction digits, rounding on the third.
    let keep = point + 2;
    let round_up = digits.get(keep).is_some_and(|d| *d >= b'5');
    digits.truncate(keep);
    if round_up {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                point += 1;
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let int: String = String::from_utf8_lossy(&digits[..point])
        .trim_start_matches('0')
        .to_owned();
    let int = if int.is_empty() { "0".to_owned() } else { int };
    let frac = [digits[point], digits[point + 1]];
    let zero = int == "0" && frac == [b'0', b'0'];
    (value < 0.0 && !zero, int, frac)
}

fn group_thousands(int: &str) -> String {
    let mut out = String::with_capacity(int.len() + int.len() / 3);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `formatNumber`: thousands separators, up to two decimals, a minus for negatives.
fn format_number(value: f64) -> String {
    if !value.is_finite() {
        return "-".to_owned();
    }
    let (negative, int, frac) = round_2(value, false);
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str(&group_thousands(&int));
    let frac = match frac {
        [b'0', b'0'] => String::new(),
        [a, b'0'] => format!(".{}", a as char),
        [a, b] => format!(".{}{}", a as char, b as char),
    };
    out.push_str(&frac);
    out
}

/// `formatSignedPercent`: two decimals, a sign unless it rounds to zero.
fn format_signed_percent(ratio: f64) -> String {
    if !ratio.is_finite() {
        return "-".to_owned();
    }
    let (negative, int, [a, b]) = round_2(ratio, true);
    let zero = int == "0" && a == b'0' && b == b'0';
    let sign = if zero {
        ""
    } else if negative {
        "-"
    } else {
        "+"
    };
    format!(
        "{sign}{}.{}{}%",
        group_thousands(&int),
        a as char,
        b as char
    )
}

/// `new Date(ms).toISOString()`.
fn iso_time(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default()
}

/// `formatTime`: HH:mm in Korea time (UTC+9 all year).
fn korea_time(ms: i64) -> String {
    let seconds = (ms.div_euclid(1000) + 9 * 3600).rem_euclid(86_400);
    format!("{:02}:{:02}", seconds / 3600, seconds % 3600 / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_the_webapp_writes_them() {
        assert_eq!(format_number(334_500.0), "334,500");
        assert_eq!(format_number(1_234.567_8), "1,234.57");
        assert_eq!(format_number(0.5), "0.5");
        assert_eq!(format_number(-1_200.0), "-1,200");
        assert_eq!(format_number(999.999), "1,000");
        assert_eq!(format_signed_percent(-0.007_418_397_626_112_76), "-0.74%");
        assert_eq!(format_signed_percent(0.3), "+30.00%");
        assert_eq!(format_signed_percent(0.0), "0.00%");
        assert_eq!(format_signed_percent(-0.000_01), "0.00%");
        // Ties on the shortest form round away from zero, whatever the double's exact value.
        assert_eq!(format_signed_percent(0.001_25), "+0.13%");
        assert_eq!(format_signed_percent(0.001_05), "+0.11%");
        assert_eq!(format_signed_percent(-0.006_25), "-0.63%");
        assert_eq!(format_number(1.005), "1.01");
        assert_eq!(format_number(2.675), "2.68");
        assert_eq!(format_number(0.125), "0.13");
        assert_eq!(korea_time(1_795_496_008_997), "13:53");
        assert_eq!(iso_time(1_795_496_008_997), "2026-11-24T04:53:28.997Z");
    }

    /// The webapp's fixtures: security bodies and, line by line, the header React renders.
    #[test]
    fn the_header_is_the_one_react_renders() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../webapp/src/features/securities/components/"
        );
        let bodies: Vec<serde_json::Value> = serde_json::from_str(
            &std::fs::read_to_string(format!("{dir}stock-header.fixtures.json")).expect("json"),
        )
        .expect("fixtures");
        let markup =
            std::fs::read_to_string(format!("{dir}stock-header.fixtures.html")).expect("html");
        let expected: Vec<&str> = markup.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(bodies.len(), expected.len());
        for (body, expected) in bodies.iter().zip(expected) {
            let detail: Detail = serde_json::from_value(body.clone()).expect("detail");
            assert_eq!(header_html(&detail), expected);
        }
    }

    #[test]
    fn the_header_is_escaped_and_the_data_cannot_close_its_script() {
        let template = Template::parse(
            "<html><head><title>시세</title></head><body><div id=\"root\"><a href=\"/m/stocks/KOREA-SISESECURITYID\"></a><!--sise:stock-header--><div>불러오는 중…</div><!--/sise:stock-header--></div></body></html>",
        )
        .expect("markers");
        let json = br#"{"security":{"name":"S&T</script>","code":"A1","market":"KOSPI"},"quote":{"price":1.0,"change":0.0,"change_rate":0.0,"change_type":"EVEN","session":"CLOSED","traded_at":0}}"#;
        let page = template.fill("KOREA-A000001", Some((json, 7)));
        assert!(page.contains("href=\"/m/stocks/KOREA-A000001\""));
        assert!(page.contains("<h1 class=\"price-header__name\">S&amp;T&lt;/script&gt;</h1>"));
        assert!(!page.contains("불러오는 중"));
        assert_eq!(page.matches("</script>").count(), 1);
        assert!(page.contains(r#""fetched_at":7}</script></head>"#));
        assert!(page.contains("<title>S&amp;T&lt;/script&gt; A1 : 시세</title>"));
        // Without data: the loading header, no data script.
        let page = template.fill("KOREA-A000001", None);
        assert!(page.contains("<div>불러오는 중…</div>"));
        assert!(!page.contains("sise-initial-data"));
    }
}
