// The profile form's rules (spec §5 "Nickname", "Birth year", "Gender"; §9 nickname 12,
// minimum age 14, birth years to 1900).

export const NICKNAME_MAX_LENGTH = 12;
export const MINIMUM_AGE = 14;
export const EARLIEST_BIRTH_YEAR = 1900;
/** The birth year select's empty choice: counts as no year. */
export const BIRTH_YEAR_PLACEHOLDER = '----';

export const NICKNAME_REQUIRED_MESSAGE = '닉네임을 입력해주세요.';
export const NICKNAME_TOO_LONG_MESSAGE = '12자 이내의 닉네임을 적어주세요.';
export const BIRTH_YEAR_REQUIRED_MESSAGE = '출생년도를 입력해 주세요.';
export const GENDER_REQUIRED_MESSAGE = '성별을 입력해 주세요.';

/** Characters as a reader counts them (a Hangul syllable or an emoji is one). */
export function nicknameLength(name: string): number {
  return [...name].length;
}

/**
 * The nickname box losing focus: 12 or more characters gives the message and the previous
 * name back (spec §5); anything else stays.
 */
export function nicknameOnBlur(value: string, previous: string): { name: string; message: string | null } {
  if (nicknameLength(value) >= NICKNAME_MAX_LENGTH) return { name: previous, message: NICKNAME_TOO_LONG_MESSAGE };
  return { name: value, message: null };
}

/** The birth years offered, newest first: this year − 14 down to 1900. */
export function birthYearOptions(now: Date = new Date()): number[] {
  const newest = now.getFullYear() - MINIMUM_AGE;
  const years: number[] = [];
  for (let year = newest; year >= EARLIEST_BIRTH_YEAR; year--) years.push(year);
  return years;
}

export type ProfileFields = {
  name: string;
  /** BIRTH_YEAR_PLACEHOLDER or a year. */
  birthYear: string;
  gender: 1 | 2 | null;
  email: string;
};

/** The first message the fields deserve before saving, or null when they can be sent. */
export function profileError(fields: ProfileFields): string | null {
  if (fields.name.trim() === '') return NICKNAME_REQUIRED_MESSAGE;
  if (fields.birthYear === BIRTH_YEAR_PLACEHOLDER || fields.birthYear === '') return BIRTH_YEAR_REQUIRED_MESSAGE;
  if (fields.gender === null) return GENDER_REQUIRED_MESSAGE;
  return null;
}

/** A stored gender as the form shows it: first time (null or 0) is 1 (spec §4). */
export function formGender(gender: number | null | undefined): 1 | 2 {
  return gender === 2 ? 2 : 1;
}

/** The profile modal's fields with the favorites' visibility. */
export type ProfileFormFields = ProfileFields & { openFavoriteStocks: boolean };

/**
 * The fields after the modal's back action (spec §4): the placeholders (no nickname, ---- for the
 * year, no e-mail), gender 1 and the favorite stocks public.
 */
export const PROFILE_PLACEHOLDERS: Readonly<ProfileFormFields> = {
  name: '',
  birthYear: BIRTH_YEAR_PLACEHOLDER,
  gender: 1,
  email: '',
  openFavoriteStocks: true,
};
