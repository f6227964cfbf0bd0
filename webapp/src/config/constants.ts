// Shared constants and fixed UI copy.

/** Shown on every screen that displays prices: the data is never live market data. */
export const SAMPLE_DATA_NOTICE = '샘플 데이터 · 실제 KRX 과거 시세 기반 모의 시세';

/** The quote stream accepts at most this many ids per connection. */
export const MAX_STREAM_SECURITY_IDS = 50;

/** Shown on screens of generated data (investors, traders, financial statements). */
export const GENERATED_DATA_NOTICE = '샘플 데이터 · 실제 수치가 아닌 생성된 예시 데이터';

/** Security article lists (articles, news, disclosures) page by 20 (spec §9). */
export const ARTICLES_PAGE_SIZE = 20;

/** Search results (assets, news) page by 10, news-related assets by 5 (spec §7, §9). */
export const SEARCH_PAGE_SIZE = 10;
export const NEWS_RELATED_ASSETS_PAGE_SIZE = 5;

/** 이슈 키워드 and 인기 검색어 show this many (1 to 10 for 인기 검색어). */
export const SEARCH_KEYWORDS_LIMIT = 10;

/** Typing must pause this long before suggestions are asked for. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 150;

// Polling: how often an open screen refetches data that changes during the day.

/** An open intraday stock chart asks for new minutes this often. */
export const MINUTE_CANDLES_REFRESH_MS = 10_000;

/** An open asset page refreshes its price this often (major FX rates also arrive by the forex refresh). */
export const ASSET_REFRESH_MS = 15_000;

/** An open intraday index chart asks for new minutes this often. */
export const ASSET_MINUTES_REFRESH_MS = 10_000;

/** An open search results page refreshes the prices of the assets it lists this often. */
export const SEARCH_PRICES_REFRESH_MS = 15_000;

/** An open forex or asset page refreshes the major FX rates this often. */
export const FOREX_REFRESH_MS = 5_000;

/** An open intraday FX chart grows this often. */
export const FOREX_INTRADAY_REFRESH_MS = 10_000;

// Freshness: every query's `staleTime` is one of these (lint forbids bare numbers), so how
// long each kind of data counts as fresh reads in one place. Polled data goes stale halfway
// to its next poll.

/** Quotes are pushed by the live stream; a refetch is only a fallback. */
export const QUOTE_STALE_TIME_MS = 30_000;

/** Security master data (name, code, market) and the company summary rarely change. */
export const SECURITY_STALE_TIME_MS = 5 * 60_000;

/** Rows per trading day (day candles, investors, traders, daily FX): only today's row moves. */
export const DAILY_ROWS_STALE_TIME_MS = 60_000;

/** The latest investor row, read for the foreign holding ratio. */
export const LATEST_INVESTOR_STALE_TIME_MS = 5 * 60_000;

/** Quarterly and yearly statements. */
export const FINANCIAL_STATEMENTS_STALE_TIME_MS = 10 * 60_000;

/** News and disclosure lists. */
export const ARTICLES_STALE_TIME_MS = 60_000;

export const MINUTE_CANDLES_STALE_TIME_MS = MINUTE_CANDLES_REFRESH_MS / 2;

/** The day's largest moves (their markers on the intraday chart) are asked for again this often. */
export const INTRADAY_MOVES_REFRESH_MS = 30_000;

export const INTRADAY_MOVES_STALE_TIME_MS = INTRADAY_MOVES_REFRESH_MS / 2;

/** Several assets by id (the home page's names and indexes). */
export const ASSET_LIST_STALE_TIME_MS = 60_000;

export const ASSET_STALE_TIME_MS = ASSET_REFRESH_MS / 2;

export const ASSET_MINUTES_STALE_TIME_MS = ASSET_MINUTES_REFRESH_MS / 2;

/** Suggestions for a keyword typed again (erasing a letter) come from the cache this long. */
export const AUTOCOMPLETE_STALE_TIME_MS = 60_000;

/**
 * Search result lists are fetched only if not already loaded (spec §4): returning to a search
 * shows the pages loaded before, while they are cached; only 더보기 (a cursor) asks again.
 */
export const SEARCH_RESULTS_STALE_TIME_MS = Infinity;

/** 이슈 키워드 and 인기 검색어 are computed at most once a minute. */
export const SEARCH_KEYWORDS_STALE_TIME_MS = 60_000;

/** FX charts and conversions at the current rates. */
export const FOREX_RATE_STALE_TIME_MS = 30_000;

export const FOREX_TICKS_STALE_TIME_MS = FOREX_REFRESH_MS / 2;

/**
 * Trend lists (special stocks, rankings, sectors, popular stocks, foreign indexes) are computed
 * from the live quotes; the prices on screen come from the quote stream, the order and
 * membership may be this old.
 */
export const TRENDS_STALE_TIME_MS = 30_000;

/** The major FX ids are fixed while the app runs. */
export const MAJOR_FOREX_IDS_STALE_TIME_MS = Infinity;

/** The signed-in member's profile and settings: changed only by the member, who refetches after a change. */
export const USER_STALE_TIME_MS = 5 * 60_000;

/** The member's favorite groups: changed only by the member, who refetches after a change. */
/** Topics change only with a release of the curated list. */
export const TOPICS_STALE_TIME_MS = 10 * 60_000;
/** Featured topics on /m/investing_strategies (spec §7: featured takes a limit). */
export const FEATURED_TOPICS_LIMIT = 10;
export const FAVORITES_STALE_TIME_MS = 5 * 60_000;

// The community (docs/api.md, "Community").

/** A board's posts, the member's posts, comments and likers page by 20 (the API's default). */
export const POSTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;
export const LIKED_USERS_PAGE_SIZE = 20;

/** MY shows the newest few of the member's posts and comments; 전체보기 lists them all. */
export const MY_SOCIAL_PREVIEW_SIZE = 3;

/**
 * Post lists and posts: an open board hears new, deleted and hidden posts on its stream and
 * the member's own changes are written into the cache, so only others' reactions and comment
 * counts age; this long.
 */
export const POSTS_STALE_TIME_MS = 30_000;

/** Comments under a post (the member's own are written into the cache at once). */
export const COMMENTS_STALE_TIME_MS = 30_000;

/** Notices page by 10 (spec §9) and change a few times a month. */
export const NOTICES_PAGE_SIZE = 10;
export const NOTICES_STALE_TIME_MS = 5 * 60_000;
/** Customer support: the member's messages a page. */
export const SUPPORT_PAGE_SIZE = 10;

/** Who liked a post. */
export const LIKED_USERS_STALE_TIME_MS = 60_000;

/** Insight articles a page (spec §9: 10), the featured ones shown at once, and how long a list stays fresh. */
export const INSIGHT_PAGE_SIZE = 10;
export const INSIGHT_FEATURED_SIZE = 5;
export const INSIGHT_STALE_TIME_MS = 60_000;
/** Contests: the list changes with an operator's new contest or an entry. */
export const CONTESTS_STALE_TIME_MS = 30_000;
/** A contest's ranking, a ranker and the member's entry refetch this often (prices move). */
export const CONTEST_RANKING_REFRESH_MS = 3_000;
/** Rankers shown of a ranking. */
export const CONTEST_RANKERS_PAGE_SIZE = 50;
/** …and answers that old are refetched when a screen mounts. */
export const CONTEST_RANKING_STALE_TIME_MS = CONTEST_RANKING_REFRESH_MS / 2;

// Around the pages (docs/app-bridge.md).

/** The securities firms of the order modal change with a release of the server's list. */
export const SECURITY_FIRMS_STALE_TIME_MS = 60 * 60_000;
/** The operators' promotion (the driverEvent modal) is set a few times a month. */
export const PROMOTION_STALE_TIME_MS = 5 * 60_000;
