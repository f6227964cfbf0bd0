// Runtime configuration read from Vite env variables (set at build time).
// The defaults are the single-origin prefixes the gateway serves.

function apiBase(value: string | undefined, fallback: string): string {
  const base = value && value.trim() !== '' ? value.trim() : fallback;
  return base.replace(/\/+$/, '');
}

export const env = {
  MAIN_API_BASE: apiBase(import.meta.env.VITE_MAIN_API_BASE, '/main'),
  SOCIAL_API_BASE: apiBase(import.meta.env.VITE_SOCIAL_API_BASE, '/social'),
  MOBILE_WEB_API_BASE: apiBase(import.meta.env.VITE_MOBILE_WEB_API_BASE, '/mweb'),
} as const;
