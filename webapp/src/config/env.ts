// Runtime configuration. API bases come first from the page: the gateway
// writes `<meta name="sise-api-main" content="//api.example.com">` (and
// `-social`, `-mobile-web`) into index.html, so one build serves the
// single-origin prefixes and the distributed hosts alike. Then Vite env
// variables (set at build time, e.g. for `vite dev`), then the single-origin
// prefixes.

type ApiHost = 'main' | 'social' | 'mobile-web';

/** The API base the serving gateway wrote into the page, if any. */
export function pageApiBase(host: ApiHost, doc: Document | undefined = globalThis.document): string | undefined {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="sise-api-${host}"]`)?.content;
  return content && content.trim() !== '' ? content : undefined;
}

function apiBase(value: string | undefined, fallback: string): string {
  const base = value && value.trim() !== '' ? value.trim() : fallback;
  return base.replace(/\/+$/, '');
}

function address(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

/** Where /m/news, /m/news/popular and /m/news/latest send the browser (spec §2). */
export const DEFAULT_EXTERNAL_NEWS_URL = 'https://news.naver.com/section/101';

export const env = {
  MAIN_API_BASE: apiBase(pageApiBase('main') ?? import.meta.env.VITE_MAIN_API_BASE, '/main'),
  SOCIAL_API_BASE: apiBase(pageApiBase('social') ?? import.meta.env.VITE_SOCIAL_API_BASE, '/social'),
  MOBILE_WEB_API_BASE: apiBase(pageApiBase('mobile-web') ?? import.meta.env.VITE_MOBILE_WEB_API_BASE, '/mweb'),
  EXTERNAL_NEWS_URL: address(import.meta.env.VITE_EXTERNAL_NEWS_URL, DEFAULT_EXTERNAL_NEWS_URL),
} as const;
