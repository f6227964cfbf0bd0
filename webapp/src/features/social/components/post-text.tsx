import { splitLinks } from '../utils/links';

/**
 * A member's text: line breaks kept (CSS `pre-wrap`), http(s) addresses as links that leave the
 * site without passing it anything (`rel="nofollow noopener ugc"`), everything else as text.
 * Built by React from the parts (utils/links.ts): the text is never parsed as markup.
 */
export function PostText({ text, className = 'post-text' }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} rel="nofollow noopener ugc" target="_blank">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
