// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { SHARE_CHANNELS, channelUrl } from './channels';

const CONTENT = { url: 'https://sise.example/m/debates/42?a=1&b=2', title: '삼성전자 토론 & 의견' };

describe('the share channels (spec §2)', () => {
  it('are the six of the spec, in its order', () => {
    expect(SHARE_CHANNELS.map(({ channel }) => channel)).toEqual(['messenger', 'social', 'microblog', 'email', 'band', 'copy']);
  });

  it("fill each service's share page with the address and the title, encoded", () => {
    const social = new URL(channelUrl('social', CONTENT) ?? '');
    expect(social.origin + social.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(social.searchParams.get('u')).toBe(CONTENT.url);

    const microblog = new URL(channelUrl('microblog', CONTENT) ?? '');
    expect(microblog.origin + microblog.pathname).toBe('https://twitter.com/intent/tweet');
    expect(microblog.searchParams.get('text')).toBe(CONTENT.title);
    expect(microblog.searchParams.get('url')).toBe(CONTENT.url);

    const band = new URL(channelUrl('band', { ...CONTENT, text: '같이 봐요' }) ?? '');
    expect(band.origin + band.pathname).toBe('https://band.us/plugin/share');
    expect(band.searchParams.get('body')).toBe(`같이 봐요\n${CONTENT.url}`);
    expect(band.searchParams.get('route')).toBe('https://sise.example');

    expect(channelUrl('email', CONTENT)).toBe(
      `mailto:?subject=${encodeURIComponent(CONTENT.title)}&body=${encodeURIComponent(`${CONTENT.title}\n${CONTENT.url}`)}`,
    );
  });

  it('leave the messenger and copy link to the page', () => {
    expect(channelUrl('messenger', CONTENT)).toBeNull();
    expect(channelUrl('copy', CONTENT)).toBeNull();
  });
});
