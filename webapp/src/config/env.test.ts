import { describe, expect, it } from 'vitest';

import { pageApiBase } from './env';

function page(head: string): Document {
  return new DOMParser().parseFromString(`<html><head>${head}</head><body></body></html>`, 'text/html');
}

describe('pageApiBase', () => {
  it('reads the API base the gateway wrote into the page', () => {
    const doc = page(
      '<meta name="sise-api-main" content="//api.sise.example.com" /><meta name="sise-api-mobile-web" content="/mweb" />',
    );
    expect(pageApiBase('main', doc)).toBe('//api.sise.example.com');
    expect(pageApiBase('mobile-web', doc)).toBe('/mweb');
  });

  it('is undefined without the tag (vite dev) or with an empty one', () => {
    expect(pageApiBase('social', page(''))).toBeUndefined();
    expect(pageApiBase('main', page('<meta name="sise-api-main" content=" " />'))).toBeUndefined();
    expect(pageApiBase('main', undefined)).toBeUndefined();
  });
});
