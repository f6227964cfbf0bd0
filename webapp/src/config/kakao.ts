// The messenger (Kakao Login REST protocol) the browser signs in with, named by the page like
// the API hosts (docs/api.md, "Membership"): `<meta name="sise-kakao-auth">` (authorize and
// token), `sise-kakao-api` (logout) and `sise-kakao-app-key` (the REST key, `client_id`).
// Then Vite env variables, then the development provider the gateway embeds on the same origin.
// Read only by the login screens, so it is not in the shell.

export type KakaoConfig = { authBase: string; apiBase: string; appKey: string };

export const DEV_KAKAO_BASE = '/dev/kakao';

function meta(name: string, doc: Document | undefined): string | undefined {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return content === '' ? undefined : content;
}

const base = (value: string | undefined) => (value?.trim() ? value.trim() : DEV_KAKAO_BASE).replace(/\/+$/, '');

export function kakaoConfig(doc: Document | undefined = globalThis.document): KakaoConfig {
  return {
    authBase: base(meta('sise-kakao-auth', doc) ?? import.meta.env.VITE_KAKAO_AUTH_BASE),
    apiBase: base(meta('sise-kakao-api', doc) ?? import.meta.env.VITE_KAKAO_API_BASE),
    // Without a served page (`vite dev`), the development provider's key of config/base.yaml.
    appKey: meta('sise-kakao-app-key', doc) ?? import.meta.env.VITE_KAKAO_APP_KEY ?? 'sise-dev-app-key',
  };
}
