"""Schemathesis hooks for Sise (loaded through SCHEMATHESIS_HOOKS by scripts/schemathesis.sh).

The document names the article cursors with formats of their own (`sise-news-cursor`,
`sise-disclosure-cursor`, `sise-article-cursor`): a cursor is opaque to clients, and only a
`next_cursor` of the same list decodes. These strategies draw every position such a cursor
can hold (URL-safe base64 without padding, as the market service writes them in
services/market/src/articles/cursor.rs), so the fuzzer reaches past cursor validation.
"""

import base64

from hypothesis import strategies as st

import schemathesis

I64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)
# A receipt number: 1 to 20 digits (OpenDART's are 14).
RCEPT_NO = st.from_regex(r"\A[0-9]{1,20}\Z")
DATE = st.dates().map(lambda d: d.isoformat())


def _encode(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


NEWS = st.builds(lambda at, id: f"{at}:{id}", I64, I64)
DISCLOSURE = st.builds(lambda date, no: f"{date}:{no}", DATE, RCEPT_NO)

schemathesis.openapi.format("sise-news-cursor", NEWS.map(_encode))
schemathesis.openapi.format("sise-disclosure-cursor", DISCLOSURE.map(_encode))
schemathesis.openapi.format(
    "sise-article-cursor",
    st.one_of(NEWS.map(lambda t: "n:" + t), DISCLOSURE.map(lambda t: "d:" + t)).map(_encode),
)
