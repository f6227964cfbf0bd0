// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { linkTarget, splitLinks } from './links';

const joined = (text: string) =>
  splitLinks(text)
    .map((part) => part.text)
    .join('');

describe('splitLinks', () => {
  it('finds http and https addresses and keeps everything else as text', () => {
    const text = '공시 보세요 https://dart.fss.or.kr/dsaf001/main.do?rcpNo=1 그리고\nhttp://example.com/a 끝';
    expect(splitLinks(text)).toEqual([
      { kind: 'text', text: '공시 보세요 ' },
      { kind: 'link', text: 'https://dart.fss.or.kr/dsaf001/main.do?rcpNo=1', href: 'https://dart.fss.or.kr/dsaf001/main.do?rcpNo=1' },
      { kind: 'text', text: ' 그리고\n' },
      { kind: 'link', text: 'http://example.com/a', href: 'http://example.com/a' },
      { kind: 'text', text: ' 끝' },
    ]);
    expect(joined(text)).toBe(text);
  });

  it('leaves the punctuation that ends a sentence outside the link', () => {
    expect(splitLinks('여기 https://example.com/x. 그리고 (https://example.com/y) 끝!')).toEqual([
      { kind: 'text', text: '여기 ' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: '. 그리고 (' },
      { kind: 'link', text: 'https://example.com/y', href: 'https://example.com/y' },
      { kind: 'text', text: ') 끝!' },
    ]);
    // A bracket the address opened is its own.
    expect(splitLinks('https://ko.wikipedia.org/wiki/Sise_(app)')[0]).toMatchObject({
      text: 'https://ko.wikipedia.org/wiki/Sise_(app)',
    });
  });

  it('never links another scheme, markup or an address without a host', () => {
    for (const text of [
      'javascript:alert(1)',
      '<a href="javascript:alert(1)">x</a>',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com',
      'https://',
    ]) {
      expect(splitLinks(text).filter((part) => part.kind === 'link')).toEqual([]);
      expect(joined(text)).toBe(text);
    }
    // Markup right after an address ends it: the quote and the bracket are text.
    const parts = splitLinks('https://example.com/"><script>alert(1)</script>');
    expect(parts[0]).toEqual({ kind: 'link', text: 'https://example.com/', href: 'https://example.com/' });
    expect(parts.slice(1).every((part) => part.kind === 'text')).toBe(true);
  });

  it('accepts only absolute http(s) targets', () => {
    expect(linkTarget('https://example.com')).toBe('https://example.com/');
    expect(linkTarget('HTTP://EXAMPLE.com/A')).toBe('http://example.com/A');
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('/m/debates/1')).toBeNull();
  });
});
