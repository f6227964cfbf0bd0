// A group's name (spec §5): up to 12 characters, 관심그룹 when left empty. The server applies
// the same rule (400 invalid_list_name); checking here saves the round trip.

export const DEFAULT_LIST_NAME = '관심그룹';
export const LIST_NAME_MAX_LENGTH = 12;
export const LIST_NAME_TOO_LONG = '12글자 이내로 입력해주세요.';

/** Characters as people count them (code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

export type ParsedListName = { ok: true; name: string } | { ok: false; message: string };

/** The name to send: trimmed, the default when empty; too long is refused. */
export function parseListName(input: string): ParsedListName {
  const name = input.trim();
  if (name === '') return { ok: true, name: DEFAULT_LIST_NAME };
  if (length(name) > LIST_NAME_MAX_LENGTH) return { ok: false, message: LIST_NAME_TOO_LONG };
  return { ok: true, name };
}

/** What the name box keeps of a typed value: at most 12 characters (spec §5: input capped at 12). */
export function capListName(input: string): string {
  return length(input) > LIST_NAME_MAX_LENGTH ? [...input].slice(0, LIST_NAME_MAX_LENGTH).join('') : input;
}
