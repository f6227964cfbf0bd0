// Runtime configuration read from Vite env variables (set at build time).
// The defaults are the single-origin prefixes the gateway serves.

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
  MAIN_API_BASE: apiBase(import.meta.env.VITE_MAIN_API_BASE, '/main'),
  SOCIAL_API_BASE: apiBase(import.meta.env.VITE_SOCIAL_API_BASE, '/social'),
  MOBILE_WEB_API_BASE: apiBase(import.meta.env.VITE_MOBILE_WEB_API_BASE, '/mweb'),
  EXTERNAL_NEWS_URL: address(import.meta.env.VITE_EXTERNAL_NEWS_URL, DEFAULT_EXTERNAL_NEWS_URL),
} as const;
