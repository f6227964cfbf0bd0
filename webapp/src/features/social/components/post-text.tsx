import { openInAppOnClick } from '@/lib/app-bridge/open-in-app';

import { splitLinks } from '../utils/links';

/**
 * A member's text: line breaks kept (CSS `pre-wrap`), http(s) addresses as links that leave the
 * site without passing it anything (`rel="nofollow noopener ugc"`), everything else as text.
 * Built by React from the parts (utils/links.ts): the text is never parsed as markup. Inside
 * the app a link opens in the phone's browser (the deep-link target outerLink, spec §2).
 */
export function PostText({ text, className = 'post-text' }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            rel="nofollow noopener ugc"
            target="_blank"
            onClick={openInAppOnClick('outerLink', { url: part.href })}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
