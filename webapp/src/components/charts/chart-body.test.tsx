import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { ChartSeriesData } from '@/lib/chart-data';

import { ChartBody } from './chart-body';

const series: ChartSeriesData = { type: 'line', points: [{ time: 1, value: 100 }] };

function renderBody(overrides: Partial<Parameters<typeof ChartBody>[0]> = {}) {
  const props = {
    height: 240,
    failed: false,
    onRetry: vi.fn(),
    loading: false,
    series,
    emptyMessage: '오늘 체결된 시세가 아직 없습니다.',
    label: '삼성전자 오늘 분 단위 차트',
    ...overrides,
  };
  render(<ChartBody {...props} />);
  return props;
}

describe('ChartBody', () => {
  it('offers a retry when the first load failed', () => {
    const props = renderBody({ failed: true, loading: true, series: null });
    expect(screen.getByTestId('chart-status').textContent).toContain('차트를 불러오지 못했습니다.');
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
  });

  it('says it is loading before any data', () => {
    renderBody({ loading: true, series: null });
    expect(screen.getByTestId('chart-status').textContent).toBe('불러오는 중…');
  });

  it('says why nothing is drawn when the data is empty', () => {
    renderBody({ series: null });
    expect(screen.getByTestId('chart-status').textContent).toBe('오늘 체결된 시세가 아직 없습니다.');
  });

  it('draws the series with its label', () => {
    renderBody();
    const chart = screen.getByTestId('price-chart');
    expect(chart.getAttribute('aria-label')).toBe('삼성전자 오늘 분 단위 차트');
    expect(chart.getAttribute('data-chart-type')).toBe('line');
    expect(screen.queryByTestId('chart-status')).toBeNull();
  });
});
