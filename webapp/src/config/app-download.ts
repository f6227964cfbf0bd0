// Where the appDownload modal (spec §2) sends a browser for the companion app, named by the page
// like the API hosts: `<meta name="sise-app-store-ios">` and `sise-app-store-android`, then Vite
// env variables. None by default: this repository builds no app, so the modal then says so and
// offers writing on the web. The Android store link carries a source parameter (spec §1).
// Read only by the modal, so it is not in the shell.

export type AppStoreLinks = { ios: string | null; android: string | null };

/** The `source` the Android store link carries: where the visitor came from. */
export const APP_DOWNLOAD_SOURCE = 'mweb';

function meta(name: string, doc: Document | undefined): string | undefined {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return content === '' ? undefined : content;
}

/** An absolute http(s) address, or null. */
function address(value: string | undefined): URL | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function appStoreLinks(doc: Document | undefined = globalThis.document): AppStoreLinks {
  const ios = address(meta('sise-app-store-ios', doc) ?? import.meta.env.VITE_APP_STORE_IOS_URL);
  const android = address(meta('sise-app-store-android', doc) ?? import.meta.env.VITE_APP_STORE_ANDROID_URL);
  android?.searchParams.set('source', APP_DOWNLOAD_SOURCE);
  return { ios: ios?.href ?? null, android: android?.href ?? null };
}
