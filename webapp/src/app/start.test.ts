import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQuote, createSecurity } from '@/testing/data-generators';
import { createTestQueryClient } from '@/testing/test-utils';

import { INITIAL_DATA_ID, isPrerenderedFor, readInitialData, seedInitialData } from './start';

const ID = 'KOREA-A005930';
const DETAIL = { security: createSecurity({ security_id: ID }), quote: createQuote({ security_id: ID }) };

function pageWithInitialData(text: string) {
  document.head.innerHTML = `<script type="application/json" id="${INITIAL_DATA_ID}">${text}</script>`;
  return document;
}

function rootWith(html: string, path: string | null) {
  const root = document.createElement('div');
  root.innerHTML = html;
  if (path !== null) root.setAttribute('data-prerendered-path', path);
  return root;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('readInitialData / seedInitialData', () => {
  it('seeds the security the gateway put in the page, as fetched when the gateway fetched it', () => {
    const data = { security_id: ID, security: DETAIL, fetched_at: 1_795_495_015_710 };
    const initial = readInitialData(pageWithInitialData(JSON.stringify(data).replaceAll('<', '\\u003c')));
    expect(initial).toEqual(data);

    const queryClient = createTestQueryClient();
    seedInitialData(queryClient, initial);
    expect(queryClient.getQueryData(['securities', ID])).toEqual(DETAIL);
    expect(queryClient.getQueryState(['securities', ID])?.dataUpdatedAt).toBe(1_795_495_015_710);
  });

  it('ignores a page without initial data, or with data of another shape', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readInitialData(document)).toBeNull();
    expect(readInitialData(pageWithInitialData('{not json'))).toBeNull();
    expect(readInitialData(pageWithInitialData(JSON.stringify({ security_id: ID, security: DETAIL })))).toBeNull();
    const empty = { security_id: ID, security: {}, fetched_at: 1 };
    expect(readInitialData(pageWithInitialData(JSON.stringify(empty)))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);

    const queryClient = createTestQueryClient();
    seedInitialData(queryClient, null);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('isPrerenderedFor', () => {
  const markup = '<div class="app"></div>';
  const stockPath = `/m/stocks/${ID}`;

  it('hydrates markup prerendered for this very path, without a search', () => {
    expect(isPrerenderedFor(rootWith(markup, '/m'), { pathname: '/m', search: '' })).toBe(true);
    expect(isPrerenderedFor(rootWith(markup, stockPath), { pathname: stockPath, search: '' })).toBe(true);
  });

  it('renders from scratch otherwise', () => {
    // index.html: an empty root.
    expect(isPrerenderedFor(rootWith('', null), { pathname: '/m', search: '' })).toBe(false);
    expect(isPrerenderedFor(rootWith(markup, null), { pathname: '/m', search: '' })).toBe(false);
    // Another path (a tab, a format suffix) or a search (the chart period) would not match.
    const stockPage = rootWith(markup, stockPath);
    expect(isPrerenderedFor(stockPage, { pathname: `${stockPath}/analysis`, search: '' })).toBe(false);
    expect(isPrerenderedFor(stockPage, { pathname: `${stockPath}.json`, search: '' })).toBe(false);
    expect(isPrerenderedFor(stockPage, { pathname: stockPath, search: '?chart=1y' })).toBe(false);
  });
});
