// The community's limits (docs/api.md, "Community"): the server enforces each; the forms show
// them as they are typed.

export const POST_MAX_LENGTH = 1_000;
export const COMMENT_MAX_LENGTH = 300;
export const POST_MAX_IMAGES = 4;
/** Spec §5, §9: report text up to 500 characters. */
export const REPORT_TEXT_MAX_LENGTH = 500;
export const OBJECTION_MAX_LENGTH = 1_000;
/** A message to customer support. */
export const SUPPORT_MESSAGE_MAX_LENGTH = 2_000;

/** Characters as a reader (and the server) counts them: a Hangul syllable or an emoji is one. */
export function textLength(text: string): number {
  return [...text].length;
}

/** `text` cut to at most `max` characters (counted as textLength does). */
export function clip(text: string, max: number): string {
  const characters = [...text];
  return characters.length > max ? characters.slice(0, max).join('') : text;
}
