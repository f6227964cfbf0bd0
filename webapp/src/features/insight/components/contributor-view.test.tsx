import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { env } from '@/config/env';
import { insightKeys } from '@/lib/query-keys';
import { createTestQueryClient, renderWithProviders, stubFetch } from '@/testing/test-utils';

import type { ContributorBody } from '../types';

import { ContributorView } from './contributor-view';

afterEach(() => vi.unstubAllGlobals());

describe('ContributorView', () => {
  it("shows the contributor's photo from the main host, at its stored size", () => {
    stubFetch({});
    const queryClient = createTestQueryClient();
    const body: ContributorBody = {
      contributor: { id: 3, name: '시세 리서치', bio: '', avatar_url: '/api/avatars/abc', sample: false, automated: false, articles_count: 0 },
    };
    queryClient.setQueryData(insightKeys.contributor(3), body);
    const { container } = renderWithProviders(<ContributorView contributorId={3} />, { queryClient });
    expect(screen.getByRole('heading', { name: /시세 리서치/ })).toBeTruthy();
    expect(container.querySelector('.insight-contributor__photo')?.getAttribute('src')).toBe(
      `${env.MAIN_API_BASE}/api/avatars/abc?size=240`,
    );
  });
});
