import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  RELEASE_CHECK_INTERVAL_MS,
  RELEASE_SOURCE,
  checkForRelease,
  isPageUpdated,
  pageRelease,
  releaseOf,
  resetPageUpdated,
} from './page-update';

const page = (release: string) =>
  `<!doctype html><html><head><meta name="sise-api-main" content="/main"><meta name="sise-release" content="${release}"></head><body></body></html>`;

function serve(release: string | null, status = 200) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(release === null ? '<html></html>' : page(release), { status })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let meta: HTMLMetaElement;
beforeEach(() => {
  meta = document.createElement('meta');
  meta.name = 'sise-release';
  meta.content = 'r1';
  document.head.append(meta);
  resetPageUpdated();
});
afterEach(() => meta.remove());

describe('the page-update flag', () => {
  it('reads a release from index.html and from this page', () => {
    expect(releaseOf(page('abc123'))).toBe('abc123');
    expect(releaseOf('<html><head></head></html>')).toBeNull();
    expect(pageRelease()).toBe('r1');
  });

  it('is raised when the served release differs from this page’s, revalidating index.html', async () => {
    const fetchMock = serve('r2');
    expect(await checkForRelease({ force: true })).toBe(true);
    expect(isPageUpdated()).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(RELEASE_SOURCE, expect.objectContaining({ cache: 'no-cache' }));
    // Raised: nothing asked any more until it is reset.
    await checkForRelease({ force: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stays down for the same release, a failure, or a development page without one', async () => {
    serve('r1');
    expect(await checkForRelease({ force: true })).toBe(false);
    serve('r2', 503);
    expect(await checkForRelease({ force: true })).toBe(false);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    expect(await checkForRelease({ force: true })).toBe(false);
    meta.remove();
    const fetchMock = serve('r2');
    expect(await checkForRelease({ force: true })).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks at most once an interval', async () => {
    const fetchMock = serve('r1');
    const start = Date.now() + 10 * RELEASE_CHECK_INTERVAL_MS;
    await checkForRelease({ now: start });
    await checkForRelease({ now: start + RELEASE_CHECK_INTERVAL_MS - 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await checkForRelease({ now: start + RELEASE_CHECK_INTERVAL_MS });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
