// The search keyword as the API takes it (spec §5-like rules of the search calls): trimmed,
// never blank, at most 40 characters (`400 keyword_too_long` beyond).

/** The longest keyword the search API accepts; the search box takes no more. */
export const MAX_KEYWORD_LENGTH = 40;

/**
 * `text` as a keyword: surrounding whitespace trimmed, runs of whitespace inside made one
 * space (so `삼성  전자` and `삼성 전자` are one search and one recent term), cut to 40
 * characters. Empty when nothing is left: an empty keyword is never sent.
 */
export function normalizeKeyword(text: string): string {
  const collapsed = text.trim().replace(/\s+/g, ' ');
  const chars = Array.from(collapsed);
  return chars.length <= MAX_KEYWORD_LENGTH ? collapsed : chars.slice(0, MAX_KEYWORD_LENGTH).join('').trimEnd();
}
