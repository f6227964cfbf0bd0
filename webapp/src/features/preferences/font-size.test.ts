import { beforeEach, describe, expect, it } from 'vitest';

import { DEFAULT_FONT_SIZE, FONT_SIZE_STORAGE_KEY, applyFontSize, readFontSize } from './font-size';
import { setFontSize } from './use-font-size';

describe('font size', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.fontSize;
  });

  it('is size2 by default, and for a value it does not know', () => {
    expect(readFontSize()).toBe(DEFAULT_FONT_SIZE);
    localStorage.setItem(FONT_SIZE_STORAGE_KEY, 'huge');
    expect(readFontSize()).toBe('size2');
  });

  it('is kept in localStorage and applied to <html>', () => {
    setFontSize('size4');
    expect(localStorage.getItem(FONT_SIZE_STORAGE_KEY)).toBe('size4');
    expect(document.documentElement.dataset.fontSize).toBe('size4');
    // The next page load reads it back and applies it before rendering (main.tsx).
    delete document.documentElement.dataset.fontSize;
    applyFontSize(readFontSize());
    expect(document.documentElement.getAttribute('data-font-size')).toBe('size4');
  });
});
