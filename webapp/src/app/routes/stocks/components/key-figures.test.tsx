import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DAY_CANDLES_FOR_CHART } from '@/lib/chart-data';
import { createQuote, createSecurity } from '@/testing/data-generators';
import { createTestQueryClient, renderWithProviders, stubFetch } from '@/testing/test-utils';

import { getDayCandlesQueryOptions } from '@/features/charts/api/get-day-candles';
import { getLatestInvestorQueryOptions } from '@/features/company/api/get-investors';
import type { Investor } from '@/features/company/types';
import { getSecurityQueryOptions } from '@/features/securities/api/get-security';

import { KeyFigures } from './key-figures';

const ID = 'KOREA-A005930';

describe('KeyFigures', () => {
  it('shows the figures of the live quote, the candles and the latest investor row', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getSecurityQueryOptions(ID).queryKey, {
      security: createSecurity({ shares_outstanding: 5_969_782_550 }),
      quote: createQuote({ price: 72_300, previous_close: 71_100, open: 71_500, low: 70_900 }),
    });
    queryClient.setQueryData(getDayCandlesQueryOptions(ID, DAY_CANDLES_FOR_CHART).queryKey, {
      day_candles: [
        { date: '2026-05-08', open: 71_500, high: 72_800, low: 70_900, close: 72_300, volume: 1, trading_value: 1 },
        { date: '2025-11-03', open: 60_000, high: 88_800, low: 59_000, close: 61_000, volume: 1, trading_value: 1 },
      ],
      last_key: null,
    });
    const latestInvestor: Investor = {
      date: '2026-05-08',
      close: 72_300,
      change_rate: 0.0169,
      individual: 1,
      foreign: -1,
      institution: 0,
      foreign_holding_ratio: 0.5012,
    };
    queryClient.setQueryData(getLatestInvestorQueryOptions(ID).queryKey, latestInvestor);
    const fetchMock = stubFetch({});

    renderWithProviders(<KeyFigures securityId={ID} />, { queryClient });

    const figure = (id: string) => screen.getByTestId(`figure-${id}`);
    expect(figure('open').textContent).toBe('71,500');
    expect(figure('open').className).toContain('change--rise');
    expect(figure('low').className).toContain('change--fall');
    expect(figure('previous-close').textContent).toBe('71,100');
    // 72,300 × 5,969,782,550 = 431조 6,152억
    expect(figure('market-cap').textContent).toBe('431조 6,152억');
    expect(figure('high-52-week').textContent).toBe('88,800');
    expect(figure('low-52-week').textContent).toBe('59,000');
    expect(figure('foreign-ratio').textContent).toBe('50.12%');
    expect(screen.getByText(/외국인 비율은 생성된 예시 데이터입니다/)).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
