"""Schemathesis hooks for Sise (loaded through SCHEMATHESIS_HOOKS by scripts/schemathesis.sh).

The document names the article cursors with formats of their own (`sise-news-cursor`,
`sise-disclosure-cursor`, `sise-article-cursor`): a cursor is opaque to clients, and only a
`next_cursor` of the same list decodes. These strategies draw every position such a cursor
can hold (URL-safe base64 without padding, as the market service writes them in
services/market/src/articles/cursor.rs), so the fuzzer reaches past cursor validation.

The community's cursors (`sise-post-cursor`, `sise-comment-cursor`, `sise-liked-user-cursor`)
also name the list they belong to: the board, scope, category and order of a post list, the
post or comment of a comment list (services/social/src/domain/cursor.rs and the tags of
services/social/src/grpc/social.rs). Their format draws any text; `map_case` then writes
into each case's cursor the tag of the list the case asks for, with positions taken from
what was drawn, so a schema-valid request carries a cursor of its own list.
"""

import base64
import hashlib

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


# The community's cursors: drawn as anything, made a cursor of the case's list by map_case.
_ANY = st.binary(min_size=1, max_size=24).map(lambda b: base64.urlsafe_b64encode(b).decode().rstrip("="))
for _format in ("sise-post-cursor", "sise-comment-cursor", "sise-liked-user-cursor", "sise-notice-cursor",
                "sise-support-cursor", "sise-insight-cursor"):
    schemathesis.openapi.format(_format, _ANY)

_SORTS = {"": ("recent", 1), "RECENT": ("recent", 1), "RANK_DESC": ("rank", 2)}
_SCOPES = {"": "all", "all": "all", "mine": "mine"}
_CATEGORIES = {"", "opinion", "question", "news"}


def _post_list(board, query):
    sort = _SORTS.get(str(query.get("sort", "")))
    scope = _SCOPES.get(str(query.get("scope", "")))
    category = str(query.get("category", ""))
    if sort is None or scope is None or category not in _CATEGORIES:
        return None  # refused for its own sake
    return f"p:{board}:{scope}:{category}:{sort[0]}", sort[1]


def _list_of(case):
    """(tag, number of positions) of the list a case asks a page of, if it is one."""
    path, params, query = case.operation.path, case.path_parameters or {}, case.query or {}
    if path == "/api/v1/securities/{security_id}/posts":
        return _post_list(params.get("security_id"), query)
    if path == "/api/v1/posts":
        return _post_list("*", query)
    if path == "/api/v1/posts/{id}/liked_users":
        return f"l:{params.get('id')}", 2
    if path == "/api/v1/posts/{id}/comments":
        return f"c:{params.get('id')}", 1
    if path == "/api/v1/comments/{id}/comments":
        return f"r:{params.get('id')}", 1
    if path == "/api/v1/users/me/comments":
        return "m", 1
    if path == "/api/v1/notices":
        return "n", 1
    if path == "/api/v1/support/messages":
        return "s:mine", 1
    if path == "/api/v1/insight_articles":
        scope = str(query.get("scope", ""))
        return ({"": "ia", "all": "ia", "featured": "ia:f"}.get(scope), 1) if scope in ("", "all", "featured") else None
    if path == "/api/v1/securities/{security_id}/insight_articles":
        return f"ia:s:{params.get('security_id')}", 1
    if path == "/api/v1/contributors/{id}/insight_articles":
        return f"ia:c:{params.get('id')}", 1
    if path == "/api/v1/insight_articles/{id}/comments":
        return f"ia:{params.get('id')}", 1
    return None


@schemathesis.hook
def map_case(context, case):
    query = case.query
    cursor = query.get("cursor") if isinstance(query, dict) else None
    if case.operation.method.upper() != "GET" or not isinstance(cursor, str) or not cursor:
        return case
    if case.operation.path == "/api/v1/search/insight_articles":
        # Its cursor names a digest of the folded keyword (grpc/insight.rs): the first page only.
        del query["cursor"]
        return case
    listed = _list_of(case)
    if listed is None:
        return case
    tag, count = listed
    digest = hashlib.sha256(cursor.encode()).digest()
    positions = [str(int.from_bytes(digest[8 * i : 8 * i + 8], "big", signed=True)) for i in range(count)]
    query["cursor"] = _encode("|".join([tag, *positions]))
    return case
