// Every path accepts an optional format suffix (`/m/stocks/KOREA-A005930.json`
// is the same page as `/m/stocks/KOREA-A005930`).

const FORMAT_SUFFIX = /\.(json|html)$/i;

/** The pathname without a trailing `.json` / `.html` on its last segment, or `null` if it has none. */
export function stripFormatSuffix(pathname: string): string | null {
  const trimmed = pathname.replace(/\/+$/, '');
  const lastSlash = trimmed.lastIndexOf('/');
  const lastSegment = trimmed.slice(lastSlash + 1);
  if (!FORMAT_SUFFIX.test(lastSegment)) return null;
  const stripped = lastSegment.replace(FORMAT_SUFFIX, '');
  // `/m/.json` or `/m/index.html` mean the folder itself.
  if (stripped === '' || stripped === 'index') return trimmed.slice(0, lastSlash) || '/';
  return `${trimmed.slice(0, lastSlash + 1)}${stripped}`;
}
