/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Base URL of the main API host when the page does not name one (the gateway
   * writes `<meta name="sise-api-main">`); defaults to the single-origin prefix `/main`.
   */
  readonly VITE_MAIN_API_BASE?: string;
  /** Base URL of the social API host; defaults to `/social`. */
  readonly VITE_SOCIAL_API_BASE?: string;
  /** Base URL of the mobile-web API host; defaults to `/mweb`. */
  readonly VITE_MOBILE_WEB_API_BASE?: string;
  /** External news address that /m/news, /m/news/popular and /m/news/latest redirect to. */
  readonly VITE_EXTERNAL_NEWS_URL?: string;
  /** Messenger authorize/token base when the page does not name one (`sise-kakao-auth`); defaults to `/dev/kakao`. */
  readonly VITE_KAKAO_AUTH_BASE?: string;
  /** Messenger API base (`sise-kakao-api`); defaults to `/dev/kakao`. */
  readonly VITE_KAKAO_API_BASE?: string;
  /** Messenger REST app key (`sise-kakao-app-key`). */
  readonly VITE_KAKAO_APP_KEY?: string;
  /** The companion app's App Store address (`sise-app-store-ios`); none by default. */
  readonly VITE_APP_STORE_IOS_URL?: string;
  /** The companion app's Google Play address (`sise-app-store-android`); none by default. */
  readonly VITE_APP_STORE_ANDROID_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
