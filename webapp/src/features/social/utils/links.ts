// Links in what members write (docs/api.md, "Community": links are shown as links by the page,
// http and https only). The text is cut into plain parts and link parts; React renders each
// (components/post-text.tsx), so no markup a member writes ever reaches the page as markup.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** A run that starts like a web address; it ends at a space or a character that cannot end one. */
const CANDIDATE = /https?:\/\/[^\s<>"']+/giu;

/** What a sentence puts after an address rather than in it. */
const TRAILING = /[.,;:!?)\]}'"。、」』…]+$/u;

/** The address as a link target: an absolute http(s) URL with a host, or null. */
export function linkTarget(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url.href;
}

/** `text` cut into plain parts and http(s) links, in order; joined, the parts give `text` back. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainStart = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    let candidate = match[0];
    // A closing bracket belongs to the address only when the address opened it.
    while (TRAILING.test(candidate)) {
      const trimmed = candidate.replace(/.$/u, '');
      const last = candidate.slice(-1);
      if (last === ')' && count(trimmed, '(') > count(trimmed, ')')) break;
      candidate = trimmed;
    }
    const href = linkTarget(candidate);
    if (!href) continue;
    if (start > plainStart) parts.push({ kind: 'text', text: text.slice(plainStart, start) });
    parts.push({ kind: 'link', text: candidate, href });
    plainStart = start + candidate.length;
  }
  if (plainStart < text.length) parts.push({ kind: 'text', text: text.slice(plainStart) });
  return parts;
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}
