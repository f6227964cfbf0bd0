// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { capListName, DEFAULT_LIST_NAME, LIST_NAME_TOO_LONG, parseListName } from './list-name';

describe('parseListName', () => {
  it('trims the name', () => {
    expect(parseListName('  반도체 ')).toEqual({ ok: true, name: '반도체' });
  });

  it('gives 관심그룹 for an empty name', () => {
    expect(parseListName('   ')).toEqual({ ok: true, name: DEFAULT_LIST_NAME });
    expect(DEFAULT_LIST_NAME).toBe('관심그룹');
  });

  it('takes 12 characters and refuses 13', () => {
    expect(parseListName('가'.repeat(12))).toEqual({ ok: true, name: '가'.repeat(12) });
    expect(parseListName('가'.repeat(13))).toEqual({ ok: false, message: LIST_NAME_TOO_LONG });
    expect(LIST_NAME_TOO_LONG).toBe('12글자 이내로 입력해주세요.');
  });
});

describe('capListName', () => {
  it('keeps at most 12 characters', () => {
    expect(capListName('가나다라마바사아자차카타파하')).toBe('가나다라마바사아자차카타');
    expect(capListName('삼성')).toBe('삼성');
  });
});
