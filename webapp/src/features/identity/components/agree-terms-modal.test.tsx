import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import AgreeTermsModal from './agree-terms-modal';

function renderModal() {
  const onAgree = vi.fn();
  const close = vi.fn();
  render(
    <MemoryRouter>
      <AgreeTermsModal onAgree={onAgree} close={close} />
    </MemoryRouter>,
  );
  return { onAgree, close };
}

describe('AgreeTermsModal', () => {
  it('asks for every agreement before signing up', () => {
    const { onAgree, close } = renderModal();
    fireEvent.click(screen.getByRole('checkbox', { name: '만 14세 이상 (필수)' }));
    fireEvent.click(screen.getByRole('button', { name: '동의하고 시작하기' }));
    expect(screen.getByRole('alert').textContent).toBe('필수사항 전체 동의가 필요합니다.');
    expect(onAgree).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('ticks all with the all box, and sends the three agreements', () => {
    const { onAgree, close } = renderModal();
    fireEvent.click(screen.getByRole('checkbox', { name: '전체 동의' }));
    for (const box of screen.getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '동의하고 시작하기' }));
    expect(onAgree).toHaveBeenCalledWith({ service_age: true, service: true, private_collect: true });
    expect(close).toHaveBeenCalled();
  });

  it('toggles the other boxes alone: the three ticked one by one still need 전체 동의', () => {
    const { onAgree } = renderModal();
    for (const name of ['만 14세 이상 (필수)', '서비스 이용약관 (필수)', '개인정보 수집 및 이용 (필수)']) {
      fireEvent.click(screen.getByRole('checkbox', { name }));
    }
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: '전체 동의' });
    expect(all.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '동의하고 시작하기' }));
    expect(screen.getByRole('alert').textContent).toBe('필수사항 전체 동의가 필요합니다.');
    expect(onAgree).not.toHaveBeenCalled();
    // 전체 동의 sets every box to the opposite of its own flag; another box then toggles alone.
    fireEvent.click(all);
    fireEvent.click(screen.getByRole('checkbox', { name: '서비스 이용약관 (필수)' }));
    expect(all.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '서비스 이용약관 (필수)' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '만 14세 이상 (필수)' }).checked).toBe(true);
    fireEvent.click(all);
    for (const box of screen.getAllByRole<HTMLInputElement>('checkbox')) expect(box.checked).toBe(false);
  });

  it('links to the legal pages in a new tab (leaving would close the sign-up)', () => {
    renderModal();
    const links = screen.getAllByRole('link', { name: '보기' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/m/terms/service', '/m/terms/privacy']);
    expect(links.every((link) => link.getAttribute('target') === '_blank')).toBe(true);
  });
});
