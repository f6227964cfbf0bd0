// The share modal's channels (spec §2 share): messenger, social network, microblog, e-mail,
// community band and copy link, in that order. The four with a web address open their own share
// page with the page's address and title (docs/architecture.md, "Share": which services, ours);
// the messenger goes through the app's share inside an app and the system's share sheet in a
// browser; copy link copies the address.

export type ShareContent = {
  /** The address shared: absolute. */
  url: string;
  title: string;
  /** A line to go with it (the page's description); the title when absent. */
  text?: string;
};

export type ShareChannel = 'messenger' | 'social' | 'microblog' | 'email' | 'band' | 'copy';

export const SHARE_CHANNELS: readonly { channel: ShareChannel; label: string }[] = [
  { channel: 'messenger', label: '카카오톡' },
  { channel: 'social', label: '페이스북' },
  { channel: 'microblog', label: 'X' },
  { channel: 'email', label: '이메일' },
  { channel: 'band', label: '밴드' },
  { channel: 'copy', label: '링크 복사' },
];

/** spec §8 copy messages. */
export const COPIED_MESSAGE = '주소가 복사되었습니다. 원하는 곳에 붙여넣기 해주세요.';
/** The prompt to copy by hand when copying failed (spec §8 leaves its text to us). */
export const COPY_FAILED_MESSAGE = '주소를 복사하지 못했습니다. 아래 주소를 길게 눌러 복사해 주세요.';

const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** The share page of a channel that has one, with `content` filled in; null for the others. */
export function channelUrl(channel: ShareChannel, content: ShareContent): string | null {
  const { url, title } = content;
  const text = content.text ?? title;
  switch (channel) {
    case 'social':
      return `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}`;
    case 'microblog':
      return `https://twitter.com/intent/tweet?${query({ text: title, url })}`;
    case 'email':
      // mailto wants %20, not URLSearchParams' +.
      return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n${url}`)}`;
    case 'band':
      return `https://band.us/plugin/share?${query({ body: `${text}\n${url}`, route: new URL(url).origin })}`;
    case 'messenger':
    case 'copy':
      return null;
  }
}
