import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { getSecurityQueryOptions } from '@/features/stocks/api/get-security';
import { createQuote, createSecurity } from '@/testing/data-generators';
import { createTestQueryClient, stubFetch } from '@/testing/test-utils';

import { routes } from './router';

function renderRoute(path: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getSecurityQueryOptions('KOREA-A005930').queryKey, {
    security: createSecurity(),
    quote: createQuote(),
  });
  stubFetch({});
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('routes', () => {
  it('renders the stock page with the sample-data notice', async () => {
    renderRoute('/m/stocks/KOREA-A005930');
    expect(await screen.findByRole('heading', { name: '삼성전자' })).toBeDefined();
    expect(screen.getByText('샘플 데이터 · 실제 KRX 과거 시세 기반 모의 시세')).toBeDefined();
  });

  it('accepts a format suffix', async () => {
    const router = renderRoute('/m/stocks/KOREA-A005930.json');
    expect(await screen.findByRole('heading', { name: '삼성전자' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/m/stocks/KOREA-A005930');
  });

  it('shows the fallback page for unknown paths and screens not built yet', async () => {
    for (const path of ['/m/no-such-page', '/m/trend', '/m/my/history']) {
      renderRoute(path);
      expect(await screen.findByText('페이지를 찾을 수 없습니다.')).toBeDefined();
      expect(screen.getAllByRole('link', { name: '홈으로' })[0]?.getAttribute('href')).toBe('/m');
      cleanup();
    }
  });

  it('redirects the root to /m', async () => {
    const router = renderRoute('/');
    expect(await screen.findByRole('heading', { name: '주요 종목' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/m');
  });

  it('has a header and a tab bar', async () => {
    renderRoute('/m');
    await screen.findByRole('heading', { name: '주요 종목' });
    expect(screen.getByRole('link', { name: '시세' }).getAttribute('href')).toBe('/m');
    expect(screen.getByRole('button', { name: '뒤로 가기' })).toBeDefined();
    const tabs = screen.getByRole('navigation', { name: '주요 메뉴' });
    const hrefs = Array.from(tabs.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['홈', '/m'],
      ['트렌드', '/m/trend'],
      ['뉴스', '/m/news'],
      ['검색', '/m/search'],
      ['MY', '/m/my/history'],
    ]);
  });
});
