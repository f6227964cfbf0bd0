import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { resetAppType } from '@/lib/app-bridge/app-type';

import { RealtimeInAppButton } from './realtime-in-app-button';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderButton() {
  render(
    <MemoryRouter initialEntries={['/m/stocks/KOREA-A005930']}>
      <Routes>
        <Route path="/m/stocks/:id" element={<RealtimeInAppButton securityId="KOREA-A005930" />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => resetAppType());

describe('RealtimeInAppButton', () => {
  it('in a browser opens the app at the stock through web2app, with its campaign', async () => {
    resetAppType(null);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: '앱에서 실시간 시세 보기' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/m/web2app/viewAsset/KOREA-A005930?utm_source=mweb&utm_medium=floating_button&utm_campaign=realtime_quotation',
    );
  });

  it('is not there inside an app', () => {
    resetAppType({ app: 'trade', os: 'ios', version: '1.0.0' });
    renderButton();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
