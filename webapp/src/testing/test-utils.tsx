import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** Seeded data stays fresh for the whole test: nothing refetches it behind the test's back. */
const TEST_STALE_TIME_MS = Infinity;

/** A client for one test: no retries, nothing collected while the test runs. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, staleTime: TEST_STALE_TIME_MS },
    },
  });
}

type ProvidersOptions = Omit<RenderOptions, 'wrapper'> & {
  queryClient?: QueryClient;
  route?: string;
};

/** Renders `ui` inside a router and a QueryClient (seed it to show data without a server). */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createTestQueryClient(), route = '/m', ...options }: ProvidersOptions = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

type JsonRoute = { status: number; body: unknown };

/**
 * Stubs `fetch` with fixed JSON answers keyed by path (including the host prefix,
 * e.g. `/main/api/v1/securities/KOREA-A999999`). Unknown paths answer 404.
 */
export function stubFetch(routes: Record<string, JsonRoute>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const route = routes[url.pathname] ?? {
      status: 404,
      body: { error: 'not_found', message: '찾을 수 없습니다.' },
    };
    return Promise.resolve(
      new Response(JSON.stringify(route.body), {
        status: route.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
