// @vitest-environment node
// The stock header as the gateway must render it. The gateway serves the prerendered stock
// page with the header of the requested stock between the markers, rendered by itself
// (gateway/src/); a Rust test there reads the same two files as this one:
//   src/features/securities/components/stock-header.fixtures.json  security bodies, as
//     GET /api/v1/securities/{id} answers them
//   src/features/securities/components/stock-header.fixtures.html  per body, on its own line,
//     the markup React renders between the markers for it
// This test renders each body as the build's prerender renders (in Node, like the build) and
// compares. `UPDATE_FIXTURES=1 npm test` (or `npx vitest run -u`) rewrites the .html file.
import { describe, expect, it } from 'vitest';

import fixturesJson from '@/features/securities/components/stock-header.fixtures.json?raw';
import type { SecurityDetail } from '@/features/securities/types';

import { renderStockHeader } from './entry';

const FIXTURES_HTML = '../features/securities/components/stock-header.fixtures.html';
const bodies = JSON.parse(fixturesJson) as SecurityDetail[];

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

describe('stock header fixtures for the gateway', () => {
  it('are what React renders between the markers', async () => {
    const rendered = await Promise.all(bodies.map((body) => renderStockHeader(body)));
    const lines = `${rendered.map(({ header }) => header).join('\n')}\n`;
    await expect(lines).toMatchFileSnapshot(FIXTURES_HTML);

    // The page's <title>, which the gateway writes into the head in place of `<title>시세</title>`.
    rendered.forEach(({ head }, i) => {
      const { security } = bodies[i]!;
      expect(head).toBe(`<title>${escapeHtml(`${security.name} ${security.code} : 시세`)}</title>`);
    });
  });

  it('cover a rise, a fall with a rounded change rate and an upper-limit badge', () => {
    expect(bodies.map(({ quote }) => quote.change_type)).toEqual(['RISE', 'FALL', 'UPPER_LIMIT']);
    expect(new Set(bodies.map(({ quote }) => quote.session)).size).toBe(3);
    expect(new Set(bodies.map(({ security }) => security.market)).size).toBe(2);
  });
});
