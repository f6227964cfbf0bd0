// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { stripFormatSuffix } from './format-suffix';

describe('stripFormatSuffix', () => {
  it('strips .json and .html from the last segment', () => {
    expect(stripFormatSuffix('/m/stocks/KOREA-A005930.json')).toBe('/m/stocks/KOREA-A005930');
    expect(stripFormatSuffix('/m/stocks/KOREA-A005930.html')).toBe('/m/stocks/KOREA-A005930');
    expect(stripFormatSuffix('/m.json')).toBe('/m');
    expect(stripFormatSuffix('/m/trend/domestic.JSON/')).toBe('/m/trend/domestic');
  });

  it('maps index files to their folder', () => {
    expect(stripFormatSuffix('/m/index.html')).toBe('/m');
    expect(stripFormatSuffix('/index.html')).toBe('/');
  });

  it('leaves other paths alone', () => {
    expect(stripFormatSuffix('/m/stocks/KOREA-A005930')).toBeNull();
    expect(stripFormatSuffix('/m/news.json/popular')).toBeNull();
    expect(stripFormatSuffix('/m/assets/file.png')).toBeNull();
    expect(stripFormatSuffix('/')).toBeNull();
  });
});
