import { openModal } from '@/components/modals/modal-store';
import { socialPaths } from '@/config/social-paths';

import './social.css';

/**
 * The write-post floating button (spec §2 floating buttons). In a browser it opens the
 * appDownload modal, which also offers 웹에서 글쓰기 (the new-post form). Inside the native app
 * it will call the app's post-write bridge instead: that is the later issue's change (here, in
 * `onWrite`; webapp/README.md, "Community").
 */
export function WritePostButton({ securityId }: { securityId: string }) {
  const onWrite = () => openModal({ type: 'appDownload', props: { writeHref: socialPaths.newPost.getHref(securityId) } });
  return (
    <button type="button" className="write-post-button" aria-label="글쓰기" onClick={onWrite}>
      <span aria-hidden="true">✎</span>
    </button>
  );
}
