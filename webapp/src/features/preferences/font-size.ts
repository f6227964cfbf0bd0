// The font size preference (spec §3 Preferences fontSizeType, default size2), kept in
// localStorage and applied to the whole app as `data-font-size` on <html>, which index.css
// maps to the root font size (everything in rem follows). Applied by main.tsx before the first
// render: the CSP allows no inline script, so index.html cannot do it before the first paint.
// Not prerendered pages apply it before their first paint; prerendered ones once their script runs.

export const FONT_SIZES = ['size1', 'size2', 'size3', 'size4'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

export const DEFAULT_FONT_SIZE: FontSize = 'size2';
export const FONT_SIZE_STORAGE_KEY = 'sise.font-size.v1';

const isFontSize = (value: unknown): value is FontSize => FONT_SIZES.includes(value as FontSize);

export function readFontSize(): FontSize {
  try {
    const stored = window.localStorage.getItem(FONT_SIZE_STORAGE_KEY);
    return isFontSize(stored) ? stored : DEFAULT_FONT_SIZE;
  } catch {
    return DEFAULT_FONT_SIZE;
  }
}

export function applyFontSize(size: FontSize, root: HTMLElement = document.documentElement): void {
  root.dataset.fontSize = size;
}
