import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createQuote, createSecurity } from '@/testing/data-generators';
import { createTestQueryClient, renderWithProviders, stubFetch } from '@/testing/test-utils';

import { getSecurityQueryOptions } from '../api/get-security';

import { StockHeader } from './stock-header';

describe('StockHeader', () => {
  it('renders a security from a seeded cache, without a server', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getSecurityQueryOptions('KOREA-A005930').queryKey, {
      security: createSecurity(),
      quote: createQuote({ price: 72_300 }),
    });
    const fetchMock = stubFetch({});

    renderWithProviders(<StockHeader securityId="KOREA-A005930" />, { queryClient });

    expect(screen.getByRole('heading', { name: '삼성전자' })).toBeDefined();
    expect(screen.getByTestId('security-code').textContent).toBe('005930');
    expect(screen.getByTestId('quote-price').textContent).toBe('72,300');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the security from the main API', async () => {
    const fetchMock = stubFetch({
      '/main/api/v1/securities/KOREA-A000660': {
        status: 200,
        body: {
          security: createSecurity({ security_id: 'KOREA-A000660', code: '000660', name: 'SK하이닉스' }),
          quote: createQuote({ security_id: 'KOREA-A000660', price: 181_000 }),
        },
      },
    });

    renderWithProviders(<StockHeader securityId="KOREA-A000660" />);

    expect(await screen.findByRole('heading', { name: 'SK하이닉스' })).toBeDefined();
    expect(screen.getByTestId('quote-price').textContent).toBe('181,000');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the security does not exist on 404', async () => {
    stubFetch({
      '/main/api/v1/securities/KOREA-A999999': {
        status: 404,
        body: { error: 'security_not_found', message: '종목이 없습니다.' },
      },
    });

    renderWithProviders(<StockHeader securityId="KOREA-A999999" />);

    expect(await screen.findByText('종목을 찾을 수 없습니다.')).toBeDefined();
    expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
  });

  it("shows the server's message on 400", async () => {
    stubFetch({
      '/main/api/v1/securities/BAD': {
        status: 400,
        body: { error: 'invalid_security_id', message: '종목 코드 형식이 올바르지 않습니다.' },
      },
    });

    renderWithProviders(<StockHeader securityId="BAD" />);

    expect(await screen.findByText('종목 코드 형식이 올바르지 않습니다.')).toBeDefined();
  });

  it('offers a retry when the server fails', async () => {
    stubFetch({
      '/main/api/v1/securities/KOREA-A005930': { status: 503, body: 'unavailable' },
    });

    renderWithProviders(<StockHeader securityId="KOREA-A005930" />);

    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeDefined();
  });
});
