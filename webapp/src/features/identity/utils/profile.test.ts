// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  BIRTH_YEAR_PLACEHOLDER,
  BIRTH_YEAR_REQUIRED_MESSAGE,
  GENDER_REQUIRED_MESSAGE,
  NICKNAME_REQUIRED_MESSAGE,
  NICKNAME_TOO_LONG_MESSAGE,
  birthYearOptions,
  formGender,
  nicknameOnBlur,
  profileError,
} from './profile';

describe('nicknameOnBlur', () => {
  it('keeps a name under 12 characters', () => {
    expect(nicknameOnBlur('열한글자닉네임입니다요', '이전')).toEqual({ name: '열한글자닉네임입니다요', message: null });
  });

  it('restores the previous name with the message at 12 characters or more', () => {
    expect(nicknameOnBlur('열두글자닉네임입니다요!', '이전')).toEqual({
      name: '이전',
      message: NICKNAME_TOO_LONG_MESSAGE,
    });
    expect(nicknameOnBlur('a'.repeat(20), 'old')).toEqual({ name: 'old', message: '12자 이내의 닉네임을 적어주세요.' });
  });

  it('counts an emoji as one character', () => {
    expect(nicknameOnBlur('😀'.repeat(11), 'old').message).toBeNull();
  });
});

describe('birthYearOptions', () => {
  it('runs from this year − 14 down to 1900', () => {
    const years = birthYearOptions(new Date(2026, 10, 24));
    expect(years[0]).toBe(2012);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(2012 - 1900 + 1);
  });
});

describe('profileError', () => {
  const valid = { name: '시세', birthYear: '1990', gender: 1 as const, email: '' };

  it('asks for each required field in turn', () => {
    expect(profileError(valid)).toBeNull();
    expect(profileError({ ...valid, name: '  ' })).toBe(NICKNAME_REQUIRED_MESSAGE);
    expect(profileError({ ...valid, birthYear: BIRTH_YEAR_PLACEHOLDER })).toBe(BIRTH_YEAR_REQUIRED_MESSAGE);
    expect(profileError({ ...valid, gender: null })).toBe(GENDER_REQUIRED_MESSAGE);
  });

  it('shows a first-time gender (null or 0) as 1', () => {
    expect(formGender(null)).toBe(1);
    expect(formGender(0)).toBe(1);
    expect(formGender(2)).toBe(2);
  });
});
