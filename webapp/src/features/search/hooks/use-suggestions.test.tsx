import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AUTOCOMPLETE_DEBOUNCE_MS } from '@/config/constants';
import { createTestQueryClient } from '@/testing/test-utils';

import { SAMSUNG } from '../testing/found-assets';
import type { FoundAsset } from '../types';

import { useSuggestions } from './use-suggestions';

type Call = { keyword: string | null; signal: AbortSignal; answer: (assets: FoundAsset[]) => void };

/**
 * Stubs the autocomplete call. Each request waits until the test answers it (`calls[i].answer`)
 * or its signal aborts it, as fetch does.
 */
function stubAutocomplete() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      expect(url.pathname).toBe('/main/api/v1/search/autocomplete');
      return new Promise<Response>((resolve, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (request.signal.aborted) abort();
        request.signal.addEventListener('abort', abort);
        calls.push({
          keyword: url.searchParams.get('keyword'),
          signal: request.signal,
          answer: (assets) =>
            resolve(new Response(JSON.stringify({ assets }), { headers: { 'content-type': 'application/json' } })),
        });
      });
    }),
  );
  return calls;
}

function renderSuggestions(initialText: string, enabled = true) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(({ text, enabled }) => useSuggestions(text, { enabled }), {
    wrapper,
    initialProps: { text: initialText, enabled },
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('useSuggestions', () => {
  it('asks once typing has paused, for the last text only, trimmed', async () => {
    const calls = stubAutocomplete();
    const { result, rerender } = renderSuggestions('');
    for (const text of ['ㅅ', 'ㅅㅅ', 'ㅅㅅㅈ', ' ㅅㅅㅈㅈ ']) {
      rerender({ text, enabled: true });
      await pause(AUTOCOMPLETE_DEBOUNCE_MS / 5);
    }
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.keyword).toBe('ㅅㅅㅈㅈ');
    expect(result.current).toEqual({ assets: [], isSettled: false });

    calls[0]?.answer([SAMSUNG]);
    await waitFor(() => expect(result.current.isSettled).toBe(true));
    expect(result.current.assets).toEqual([SAMSUNG]);
    await pause(AUTOCOMPLETE_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(1);
  });

  it('aborts the request of a keyword that changed before its answer, and keeps the last suggestions meanwhile', async () => {
    const calls = stubAutocomplete();
    const { result, rerender } = renderSuggestions('삼');
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.answer([SAMSUNG]);
    await waitFor(() => expect(result.current.isSettled).toBe(true));

    rerender({ text: '삼성', enabled: true });
    await waitFor(() => expect(calls).toHaveLength(2));
    // The answer for 삼 stays on screen, marked as not for what is typed now.
    expect(result.current).toEqual({ assets: [SAMSUNG], isSettled: false });

    rerender({ text: '삼성전', enabled: true });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]?.keyword).toBe('삼성');
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(calls[2]?.keyword).toBe('삼성전');
    expect(calls[2]?.signal.aborted).toBe(false);

    calls[2]?.answer([]);
    await waitFor(() => expect(result.current.isSettled).toBe(true));
    expect(result.current.assets).toEqual([]);
  });

  it('aborts what is loading when the box is left (the page unmounts)', async () => {
    const calls = stubAutocomplete();
    const { unmount } = renderSuggestions('카카오');
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it('asks nothing for a blank box, or while the box is not in use', async () => {
    const calls = stubAutocomplete();
    const { result, rerender } = renderSuggestions('   ');
    await pause(AUTOCOMPLETE_DEBOUNCE_MS * 2);
    rerender({ text: '삼성', enabled: false });
    await pause(AUTOCOMPLETE_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(0);
    expect(result.current).toEqual({ assets: [], isSettled: false });

    // In use again: asks at once (the text has not changed since it settled).
    rerender({ text: '삼성', enabled: true });
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('shows nothing once the box is emptied, without waiting', async () => {
    const calls = stubAutocomplete();
    const { result, rerender } = renderSuggestions('삼성');
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.answer([SAMSUNG]);
    await waitFor(() => expect(result.current.assets).toEqual([SAMSUNG]));
    rerender({ text: '', enabled: true });
    expect(result.current).toEqual({ assets: [], isSettled: false });
  });
});
