import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { SAMPLE_DATA_NOTICE } from '@/config/constants';
import { topicKeys } from '@/features/topics/api/query-keys';
import type { TopicBody } from '@/features/topics/types';
import { createQuote } from '@/testing/data-generators';
import { createTestQueryClient, renderWithProviders, stubFetch } from '@/testing/test-utils';

import TopicRoute from './topic';

const TOPIC: TopicBody = {
  topic: {
    id: 5,
    name: '반도체',
    description: '메모리와 장비',
    stocks: [{ security_id: 'KOREA-A005930', name: '삼성전자' }],
  },
};

describe('/m/investing_strategies/topics/:topicId', () => {
  it("shows the topic's stocks with their prices under the sample-data notice", async () => {
    stubFetch({ '/main/api/v1/quotes': { status: 200, body: { quotes: [createQuote()] } } });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(topicKeys.detail(5), TOPIC);
    renderWithProviders(
      <Routes>
        <Route path="/m/investing_strategies/topics/:topicId" element={<TopicRoute />} />
      </Routes>,
      { queryClient, route: '/m/investing_strategies/topics/5' },
    );
    const stocks = screen.getByRole('list', { name: '반도체 종목' });
    expect(await within(stocks).findByText('72,300')).toBeTruthy();
    expect(screen.getByTestId('sample-data-notice').textContent).toBe(SAMPLE_DATA_NOTICE);
  });
});
