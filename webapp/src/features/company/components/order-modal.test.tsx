import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { resetAppType } from '@/lib/app-bridge/app-type';
import { createTestQueryClient, stubFetch } from '@/testing/test-utils';

import { MESSENGER_PROVIDER_FIRM_KEY, orderableFirms } from '../api/get-security-firms';

import OrderModal, { NO_EXTRA_FEE_MESSAGE, NO_FIRMS_MESSAGE } from './order-modal';

const STOCK = 'KOREA-A005930';
const FIRMS = [
  { key: 'kiwoom', name: '키움증권', trading_enabled: true },
  { key: 'kakaopay', name: '카카오페이증권', trading_enabled: true },
  { key: 'toss', name: '토스증권', trading_enabled: false },
  { key: 'mirae', name: '미래에셋증권', trading_enabled: true },
];

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderModal() {
  const close = vi.fn();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[`/m/stocks/${STOCK}`]}>
        <Routes>
          <Route path="/m/stocks/:id" element={<OrderModal securityId={STOCK} securityName="삼성전자" close={close} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return close;
}

afterEach(() => resetAppType());

describe('orderableFirms (spec §2 Order)', () => {
  it("keeps the firms with trading enabled, never the messenger provider's, in the server's order", () => {
    expect(MESSENGER_PROVIDER_FIRM_KEY).toBe('kakaopay');
    expect(orderableFirms(FIRMS).map((firm) => firm.key)).toEqual(['kiwoom', 'mirae']);
  });
});

describe('OrderModal', () => {
  it('asks with os=web, market_code=nomarket, version_code=-1 and lists the orderable firms with the fee sentence', async () => {
    resetAppType(null);
    const fetchMock = stubFetch({ '/main/v13/security_firms': { status: 200, body: { security_firms: FIRMS } } });
    renderModal();
    const list = await screen.findByRole('list', { name: '증권사' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['키움증권', '미래에셋증권']);
    expect(screen.getByRole('heading').textContent).toBe('삼성전자 주문하기');
    expect(screen.getByText(NO_EXTRA_FEE_MESSAGE)).toBeTruthy();
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    const url = new URL(request.url);
    expect([...url.searchParams]).toEqual([
      ['os', 'web'],
      ['market_code', 'nomarket'],
      ['version_code', '-1'],
    ]);
  });

  it('in a browser a firm opens the app (or its store) through web2app, with the firm and the campaign', async () => {
    resetAppType(null);
    stubFetch({ '/main/v13/security_firms': { status: 200, body: { security_firms: FIRMS } } });
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: '미래에셋증권' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/m/web2app/viewAsset/${STOCK}?action=order&firm=mirae&utm_source=mweb&utm_medium=order_modal&utm_campaign=order`,
    );
  });

  it("inside an app a firm opens through the app's scheme, and the modal closes", async () => {
    resetAppType({ app: 'trade', os: 'android', version: '3.2.1' });
    stubFetch({ '/main/v13/security_firms': { status: 200, body: { security_firms: FIRMS } } });
    const opened: string[] = [];
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element).closest('a');
      if (anchor) {
        event.preventDefault();
        opened.push(anchor.getAttribute('href') ?? '');
      }
    };
    document.addEventListener('click', onClick, true);
    try {
      const close = renderModal();
      fireEvent.click(await screen.findByRole('button', { name: '키움증권' }));
      await waitFor(() => expect(close).toHaveBeenCalled());
      expect(opened).toEqual([`sise-trade://viewAsset/${STOCK}?action=order&firm=kiwoom`]);
    } finally {
      document.removeEventListener('click', onClick, true);
    }
  });

  it('says so when no firm can take orders', async () => {
    resetAppType(null);
    stubFetch({ '/main/v13/security_firms': { status: 200, body: { security_firms: [FIRMS[1], FIRMS[2]] } } });
    renderModal();
    expect(await screen.findByText(NO_FIRMS_MESSAGE)).toBeTruthy();
    expect(screen.getByText(NO_EXTRA_FEE_MESSAGE)).toBeTruthy();
  });

  it('offers a retry when the list does not load', async () => {
    resetAppType(null);
    const fetchMock = stubFetch({ '/main/v13/security_firms': { status: 503, body: { error: 'service_unavailable', message: '…' } } });
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
