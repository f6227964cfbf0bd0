// Reading and changing the font size from the settings screen (font-size.ts applies it).
import { useSyncExternalStore } from 'react';

import { DEFAULT_FONT_SIZE, FONT_SIZE_STORAGE_KEY, applyFontSize, readFontSize, type FontSize } from './font-size';

const listeners = new Set<() => void>();

/** Stores the size and applies it at once. */
export function setFontSize(size: FontSize): void {
  try {
    window.localStorage.setItem(FONT_SIZE_STORAGE_KEY, size);
  } catch {
    // Storage disabled: applied for this page only.
  }
  applyFontSize(size);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFontSize(): FontSize {
  return useSyncExternalStore(subscribe, readFontSize, () => DEFAULT_FONT_SIZE);
}
