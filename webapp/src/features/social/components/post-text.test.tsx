import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PostText } from './post-text';

// Every source file of the feature, to check none of them writes raw markup.
const SOURCES = import.meta.glob<string>('/src/features/social/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

describe('PostText', () => {
  it('renders links as anchors that leave without a referrer to follow, and markup as text', () => {
    const text = '<b>굵게</b> <script>alert(1)</script>\n<img src=x onerror=alert(1)> https://example.com/a?b=1&c=2 끝';
    const { container } = render(<PostText text={text} />);
    const paragraph = container.querySelector('p');
    expect(paragraph?.textContent).toBe(text);
    // Nothing but the one anchor became an element.
    expect(paragraph?.querySelectorAll('*')).toHaveLength(1);
    const link = paragraph?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/a?b=1&c=2');
    expect(link?.getAttribute('rel')).toBe('nofollow noopener ugc');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(container.querySelector('script, img, b')).toBeNull();
  });

  it('keeps line breaks as text (shown by pre-wrap)', () => {
    const { container } = render(<PostText text={'첫 줄\n\n셋째 줄'} />);
    expect(container.querySelector('p')?.textContent).toBe('첫 줄\n\n셋째 줄');
    expect(container.querySelector('br')).toBeNull();
  });

  it('is the only way the feature shows member text: no raw HTML anywhere in it', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(3);
    for (const [file, source] of Object.entries(SOURCES)) {
      if (file.endsWith('.test.tsx')) continue;
      expect(source, file).not.toMatch(/dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML/);
    }
  });
});
