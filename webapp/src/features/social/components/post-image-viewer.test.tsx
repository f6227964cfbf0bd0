import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import PostImageViewer from './post-image-viewer';

const IMAGES = ['a', 'b', 'c'].map((id) => ({ id: id.repeat(64), width: 1280, height: 960 }));

function setup(index = 0) {
  const close = vi.fn();
  render(<PostImageViewer images={IMAGES} index={index} close={close} />);
  const shown = () => screen.getByRole('img').getAttribute('src');
  return { close, shown };
}

describe('PostImageViewer (spec §2 post image viewer)', () => {
  it('shows the full-size picture it was opened on, and moves with the arrows', () => {
    const { shown } = setup(1);
    expect(shown()).toBe(`/social/api/v1/post_images/${'b'.repeat(64)}?size=1280`);
    expect(screen.getByText('2 / 3')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '다음 사진' }));
    expect(screen.getByText('3 / 3')).toBeDefined();
    expect(screen.queryByRole('button', { name: '다음 사진' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '이전 사진' }));
    fireEvent.click(screen.getByRole('button', { name: '이전 사진' }));
    expect(screen.getByText('1 / 3')).toBeDefined();
    expect(screen.queryByRole('button', { name: '이전 사진' })).toBeNull();
  });

  it('turns on a sideways swipe and the arrow keys, and closes on ✕ or Escape', () => {
    const { close } = setup(0);
    const viewer = screen.getByLabelText('사진 보기');
    fireEvent.pointerDown(viewer, { clientX: 300 });
    fireEvent.pointerUp(viewer, { clientX: 200 });
    expect(screen.getByText('2 / 3')).toBeDefined();
    // A tap (no travel) turns nothing.
    fireEvent.pointerDown(viewer, { clientX: 200 });
    fireEvent.pointerUp(viewer, { clientX: 210 });
    expect(screen.getByText('2 / 3')).toBeDefined();
    fireEvent.pointerDown(viewer, { clientX: 100 });
    fireEvent.pointerUp(viewer, { clientX: 220 });
    expect(screen.getByText('1 / 3')).toBeDefined();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('2 / 3')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(close).toHaveBeenCalledTimes(2);
  });
});
