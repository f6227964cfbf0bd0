// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { homepageUrl } from './company-summary';

describe('homepageUrl', () => {
  it('adds a scheme and refuses anything but http(s)', () => {
    expect(homepageUrl('www.samsung.com/sec')).toBe('https://www.samsung.com/sec');
    expect(homepageUrl('http://www.hyundai.com')).toBe('http://www.hyundai.com/');
    expect(homepageUrl('javascript:alert(1)')).toBeNull();
    expect(homepageUrl('  ')).toBeNull();
    expect(homepageUrl(null)).toBeNull();
  });
});
