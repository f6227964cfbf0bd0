import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createQuote, createSecurity } from '@/testing/data-generators';
import { FakeEventSource } from '@/testing/fake-event-source';
import { createTestQueryClient } from '@/testing/test-utils';

import { getSecurityQueryOptions } from '../api/get-security';

import { useLiveQuotes } from './use-live-quotes';

const SAMSUNG = 'KOREA-A005930';

function setup(ids: string[], enabled = true) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getSecurityQueryOptions(SAMSUNG).queryKey, {
    security: createSecurity(),
    quote: createQuote({ price: 70_000, traded_at: 1_000 }),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ ids: current }) => useLiveQuotes(current, { enabled }), {
    wrapper,
    initialProps: { ids },
  });
  const price = () => queryClient.getQueryData(getSecurityQueryOptions(SAMSUNG).queryKey)?.quote.price;
  return { hook, price };
}

describe('useLiveQuotes', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('opens one stream for the ids on the main API', () => {
    setup([SAMSUNG, 'KOREA-A000660']);
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual([
      '/main/api/v1/quotes/stream?security_ids=KOREA-A000660,KOREA-A005930',
    ]);
  });

  it('writes the snapshot and each quote event into the cache', () => {
    const { price } = setup([SAMSUNG]);
    const source = FakeEventSource.instances[0]!;

    act(() => source.emit('snapshot', { quotes: [createQuote({ price: 71_000, traded_at: 2_000 })] }));
    expect(price()).toBe(71_000);

    act(() => source.emit('quote', createQuote({ price: 71_500, traded_at: 3_000 })));
    expect(price()).toBe(71_500);

    // Malformed events are ignored.
    act(() => source.emit('quote', 'oops'));
    expect(price()).toBe(71_500);
  });

  it('closes on unmount and does not reconnect for the same ids', () => {
    const { hook } = setup([SAMSUNG]);
    hook.rerender({ ids: [SAMSUNG] });
    expect(FakeEventSource.instances).toHaveLength(1);

    hook.unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });

  it('reconnects when the ids change', () => {
    const { hook } = setup([SAMSUNG]);
    hook.rerender({ ids: ['KOREA-A000660'] });
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(FakeEventSource.instances[1]!.closed).toBe(false);
  });

  it('stays closed while disabled', () => {
    setup([SAMSUNG], false);
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
