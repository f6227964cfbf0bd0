import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createQuote, createSecurity } from '@/testing/data-generators';

import { PriceHeader } from './price-header';

function renderHeader(quote = createQuote()) {
  render(<PriceHeader security={createSecurity()} quote={quote} />);
  return {
    price: screen.getByTestId('quote-price'),
    change: screen.getByTestId('quote-change'),
  };
}

describe('PriceHeader', () => {
  it('shows name, code, market, session and last trade time', () => {
    renderHeader();
    expect(screen.getByRole('heading', { name: '삼성전자' })).toBeDefined();
    expect(screen.getByTestId('security-code').textContent).toBe('005930');
    expect(screen.getByText('코스피')).toBeDefined();
    // SAMPLE_TRADED_AT is 10:23 in Seoul.
    expect(screen.getByTestId('quote-session').textContent).toBe('장 중 · 10:23 기준');
  });

  it('renders a rise in red with ▲ and a plus sign', () => {
    const { price, change } = renderHeader(
      createQuote({ price: 72_300, change: 1_200, change_rate: 0.016878, change_type: 'RISE' }),
    );
    expect(price.textContent).toBe('72,300');
    expect(price.classList.contains('change--rise')).toBe(true);
    expect(change.classList.contains('change--rise')).toBe(true);
    expect(change.textContent).toBe('▲1,200+1.69%');
    expect(screen.queryByText('상한가')).toBeNull();
  });

  it('renders a fall in blue with ▼ and a minus sign', () => {
    const { price, change } = renderHeader(
      createQuote({ price: 69_900, change: -1_200, change_rate: -0.016878, change_type: 'FALL' }),
    );
    expect(price.textContent).toBe('69,900');
    expect(price.classList.contains('change--fall')).toBe(true);
    expect(change.classList.contains('change--fall')).toBe(true);
    expect(change.textContent).toBe('▼1,200-1.69%');
  });

  it('renders the upper limit with its own filled badge and ↑', () => {
    const { price, change } = renderHeader(
      createQuote({ price: 92_400, change: 21_300, change_rate: 0.299578, change_type: 'UPPER_LIMIT' }),
    );
    expect(price.classList.contains('change--upper-limit')).toBe(true);
    expect(price.classList.contains('change--rise')).toBe(false);
    expect(change.classList.contains('change--upper-limit')).toBe(true);
    const badge = screen.getByText('상한가');
    expect(badge.classList.contains('quote-change__badge')).toBe(true);
    expect(badge.textContent).toBe('↑ 상한가');
    expect(change.textContent).toContain('↑21,300');
    expect(change.textContent).toContain('+29.96%');
  });

  it('renders the lower limit with its own filled badge and ↓', () => {
    const { price, change } = renderHeader(
      createQuote({ price: 49_800, change: -21_300, change_rate: -0.299578, change_type: 'LOWER_LIMIT' }),
    );
    expect(price.classList.contains('change--lower-limit')).toBe(true);
    expect(change.classList.contains('change--lower-limit')).toBe(true);
    expect(screen.getByText('하한가').textContent).toBe('↓ 하한가');
    expect(change.textContent).toContain('-29.96%');
  });

  it('renders no change in grey without an arrow', () => {
    const { price, change } = renderHeader(
      createQuote({ price: 71_100, change: 0, change_rate: 0, change_type: 'EVEN' }),
    );
    expect(price.classList.contains('change--even')).toBe(true);
    expect(change.textContent).toBe('00.00%');
  });

  it('labels every session in Korean', () => {
    const sessions = {
      PRE_MARKET: '장 시작 전',
      OPENING_AUCTION: '장 시작 동시호가',
      CLOSING_AUCTION: '장 마감 동시호가',
      AFTER_HOURS: '시간외',
      CLOSED: '장 마감',
    } as const;
    for (const [session, label] of Object.entries(sessions)) {
      const { unmount } = render(
        <PriceHeader
          security={createSecurity({ market: 'KOSDAQ' })}
          quote={createQuote({ session: session as keyof typeof sessions })}
        />,
      );
      expect(screen.getByTestId('quote-session').textContent).toContain(label);
      expect(screen.getByText('코스닥')).toBeDefined();
      unmount();
    }
  });
});
