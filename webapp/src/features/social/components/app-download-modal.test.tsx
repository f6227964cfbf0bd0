import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { closeModalsNotOn, useOpenModals } from '@/components/modals/modal-store';
import { resetAppType } from '@/lib/app-bridge/app-type';

import '../modals';
import AppDownloadModal from './app-download-modal';
import { WritePostButton } from './write-post-button';

const STOCK = 'KOREA-A005930';
const WRITE = `/m/stocks/${STOCK}/debates/new`;

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderAt(element: ReactElement) {
  render(
    <MemoryRouter initialEntries={[`/m/stocks/${STOCK}/debates`]}>
      <Routes>
        <Route path="/m/stocks/:id/debates" element={element} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

function nameStores() {
  const metas = [
    ['sise-app-store-ios', 'https://apps.apple.com/app/id1'],
    ['sise-app-store-android', 'https://play.google.com/store/apps/details?id=kr.sise.app'],
  ].map(([name, content]) => {
    const meta = document.createElement('meta');
    meta.name = name ?? '';
    meta.content = content ?? '';
    document.head.append(meta);
    return meta;
  });
  return () => metas.forEach((meta) => meta.remove());
}

afterEach(() => {
  resetAppType();
  act(() => closeModalsNotOn('none'));
});

describe('AppDownloadModal (spec §2 appDownload)', () => {
  it('with the app in the stores: opens it at the board through web2app, or its store, or writes on the web', async () => {
    const unname = nameStores();
    renderAt(<AppDownloadModal writeHref={WRITE} securityId={STOCK} close={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'App Store에서 받기' }).getAttribute('href')).toBe('https://apps.apple.com/app/id1');
    expect(screen.getByRole('link', { name: 'Google Play에서 받기' }).getAttribute('href')).toContain('source=mweb');
    expect(screen.getByRole('link', { name: '웹에서 글쓰기' }).getAttribute('href')).toBe(WRITE);
    fireEvent.click(screen.getByRole('button', { name: '앱에서 열기' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/m/web2app/viewAsset/${STOCK}/debates?utm_source=mweb&utm_medium=app_download&utm_campaign=write_post`,
    );
    unname();
  });

  it('without the app in a store: says so and offers the web', () => {
    renderAt(<AppDownloadModal writeHref={WRITE} securityId={STOCK} close={vi.fn()} />);
    expect(screen.getByText('시세 앱은 준비 중입니다. 웹에서도 글을 쓸 수 있어요.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '앱에서 열기' })).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['웹에서 글쓰기']);
  });
});

function OpenModals() {
  const modals = useOpenModals();
  return <ul data-testid="modals">{modals.map((modal) => <li key={modal.id}>{JSON.stringify(modal)}</li>)}</ul>;
}

describe('WritePostButton', () => {
  it('in a browser opens appDownload with the form and the stock', () => {
    resetAppType(null);
    renderAt(
      <>
        <WritePostButton securityId={STOCK} />
        <OpenModals />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: '글쓰기' }));
    expect(screen.getByTestId('modals').textContent).toContain(
      JSON.stringify({ type: 'appDownload', props: { writeHref: WRITE, securityId: STOCK } }).slice(1, -1),
    );
  });

  it('inside an app goes to the form', async () => {
    resetAppType({ app: 'main', os: 'ios', version: '1.0.0' });
    renderAt(<WritePostButton securityId={STOCK} />);
    fireEvent.click(screen.getByRole('button', { name: '글쓰기' }));
    expect((await screen.findByTestId('where')).textContent).toBe(WRITE);
  });
});
