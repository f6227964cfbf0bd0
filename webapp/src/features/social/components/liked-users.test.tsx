import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { installIntersectionObserver } from '@/testing/intersection-observer';
import { renderWithProviders } from '@/testing/test-utils';

import { createAuthor, stubApi } from '../testing/posts';

import { LikedUsers } from './liked-users';

describe('LikedUsers', () => {
  it('lists who liked the post, the latest first, with photos and the sample label', async () => {
    installIntersectionObserver();
    const api = stubApi({
      'GET /social/api/v1/posts/5/liked_users': () => ({
        status: 200,
        body: {
          users: [
            createAuthor({ id: 2, name: '최근개미', avatar_url: '/api/avatars/abc' }),
            createAuthor({ id: -1, name: '샘플회원1', sample: true }),
          ],
          next_cursor: null,
        },
      }),
    });
    renderWithProviders(<LikedUsers postId={5} />);
    const list = await screen.findByRole('list', { name: '좋아요 누른 사람' });
    await within(list).findByText('최근개미');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['최근개미', '샘플회원1샘플']);
    expect(list.querySelector('img')?.getAttribute('src')).toBe('/main/api/avatars/abc?size=96');
    expect(api.requests[0]?.url.searchParams.get('limit')).toBe('20');
  });
});
