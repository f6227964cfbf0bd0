import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { createPost, stubApi } from '../testing/posts';

import { NewPostForm } from './new-post-form';

const SAMSUNG = 'KOREA-A005930';
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('NewPostForm', () => {
  it('counts up to 1,000 characters and takes up to 4 pictures, each removable', async () => {
    renderWithProviders(<NewPostForm securityId={SAMSUNG} onPosted={() => undefined} />);
    const text = screen.getByLabelText<HTMLTextAreaElement>('내용');
    fireEvent.change(text, { target: { value: '가나다' } });
    expect(screen.getByText('3/1,000')).toBeDefined();
    fireEvent.change(text, { target: { value: '가'.repeat(1_200) } });
    expect(screen.getByText('1,000/1,000')).toBeDefined();

    const input = screen.getByLabelText<HTMLInputElement>('사진 고르기');
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png'), png('c.png')] } });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['첨부 사진 1', '첨부 사진 2', '첨부 사진 3']);
    // Previews are data: URLs (the page's CSP allows data: images, not blob:).
    expect(screen.getAllByRole('img').every((img) => img.getAttribute('src')?.startsWith('data:image/png;base64,'))).toBe(true);
    fireEvent.change(input, { target: { files: [png('d.png'), png('e.png')] } });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(4));
    expect(screen.getByText('사진은 4장까지 올릴 수 있습니다.')).toBeDefined();
    expect(screen.getByRole('button', { name: '사진 추가 (4/4)' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '사진 2 빼기' }));
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.getByRole('button', { name: '사진 추가 (3/4)' }).hasAttribute('disabled')).toBe(false);
  });

  it('sends the category, text and pictures as multipart, then hands the new post over', async () => {
    const post = createPost({ id: 42, category: 'question', content: '질문 있습니다' });
    const api = stubApi({ [`POST /social/api/v1/securities/${SAMSUNG}/posts`]: () => ({ status: 201, body: { post } }) });
    const onPosted = vi.fn();
    renderWithProviders(<NewPostForm securityId={SAMSUNG} onPosted={onPosted} />);
    fireEvent.click(screen.getByRole('button', { name: '질문' }));
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '  질문 있습니다 ' } });
    fireEvent.change(screen.getByLabelText('사진 고르기'), { target: { files: [png('a.png')] } });
    await screen.findByRole('img', { name: '첨부 사진 1' });
    fireEvent.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith(post));
    expect(api.requests[0]?.body).toContain('name="category"\r\n\r\nquestion');
    expect(api.requests[0]?.body).toContain('name="content"\r\n\r\n질문 있습니다\r\n');
    // (jsdom's File reaches undici's FormData without its name and bytes; the part is there.)
    expect(api.requests[0]?.body).toMatch(/name="images"; filename="[^"]+"\r\nContent-Type: image\/png/);
  });

  it("shows the server's message when refused (the daily limit)", async () => {
    stubApi({
      [`POST /social/api/v1/securities/${SAMSUNG}/posts`]: () => ({
        status: 429,
        body: { error: 'daily_post_limit', message: '글은 하루에 30개까지 쓸 수 있습니다.' },
      }),
    });
    const onPosted = vi.fn();
    renderWithProviders(<NewPostForm securityId={SAMSUNG} onPosted={onPosted} />);
    fireEvent.change(screen.getByLabelText('내용'), { target: { value: '오늘 서른한 번째 글' } });
    fireEvent.click(screen.getByRole('button', { name: '등록' }));
    expect((await screen.findByRole('alert')).textContent).toBe('글은 하루에 30개까지 쓸 수 있습니다.');
    expect(onPosted).not.toHaveBeenCalled();
  });
});
