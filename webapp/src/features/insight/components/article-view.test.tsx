import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SAMPLE_DATA_NOTICE } from '@/config/constants';
import { insightKeys } from '@/lib/query-keys';
import { createTestQueryClient, renderWithProviders, stubFetch } from '@/testing/test-utils';

import type { InsightArticle, InsightArticleDetail } from '../types';

import { ArticleView } from './article-view';

const CONTRIBUTOR = { id: 3, name: '시세 리서치', bio: '', avatar_url: '/api/avatars/abc', sample: false, automated: false, articles_count: 1 };

function article(overrides: Partial<InsightArticle>): InsightArticle {
  return {
    id: 42,
    title: '반도체 사이클 점검',
    summary: '',
    content_type: 'CUSTOM',
    blocks: [{ type: 'paragraph', text: '메모리 가격이 오릅니다.' }],
    contributor: CONTRIBUTOR,
    security_ids: [],
    featured: false,
    sample: false,
    published_at_ms: Date.UTC(2026, 10, 1),
    likes_count: 0,
    dislikes_count: 0,
    comments_count: 0,
    my_emotion: { liked: false, disliked: false },
    ...overrides,
  };
}

function renderArticle(shown: InsightArticle) {
  stubFetch({});
  const queryClient = createTestQueryClient();
  const detail: InsightArticleDetail = { article: shown, prev_article: null, next_article: null };
  queryClient.setQueryData(insightKeys.detail(shown.id), detail);
  renderWithProviders(
    <ArticleView articleId={shown.id} renderStock={(securityId) => <p>{securityId} 카드</p>}>
      {() => null}
    </ArticleView>,
    { queryClient },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ArticleView', () => {
  it('shows the sample-data notice above an article whose stock cards show prices', () => {
    renderArticle(
      article({
        security_ids: ['KOREA-A005930'],
        blocks: [
          { type: 'paragraph', text: '메모리 가격이 오릅니다.' },
          { type: 'stock', security_id: 'KOREA-A005930' },
        ],
      }),
    );
    expect(screen.getByText('KOREA-A005930 카드')).toBeTruthy();
    expect(screen.getByTestId('sample-data-notice').textContent).toBe(SAMPLE_DATA_NOTICE);
  });

  it('shows none over an article without prices', () => {
    renderArticle(article({}));
    expect(screen.getByText('메모리 가격이 오릅니다.')).toBeTruthy();
    expect(screen.queryByTestId('sample-data-notice')).toBeNull();
  });
});
