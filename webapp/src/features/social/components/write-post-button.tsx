import { useNavigate } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { socialPaths } from '@/config/social-paths';
import { currentAppType } from '@/lib/app-bridge/app-type';
import { rememberLocation } from '@/lib/navigation-history';

import './social.css';

/**
 * The write-post floating button (spec §2 floating buttons). In a browser it opens the
 * appDownload modal, which also offers 웹에서 글쓰기 (the new-post form). Inside the native app
 * there is nothing to download: it opens the new-post form, as the app's own write button does
 * (its post-write click event, docs/app-bridge.md). Either way the board is remembered: once
 * posted, the form goes back to it (lib/navigation-history.ts).
 */
export function WritePostButton({ securityId }: { securityId: string }) {
  const navigate = useNavigate();
  const writeHref = socialPaths.newPost.getHref(securityId);
  const onWrite = () => {
    if (currentAppType()) {
      rememberLocation();
      void navigate(writeHref);
    }
    else openModal({ type: 'appDownload', props: { writeHref, securityId } });
  };
  return (
    <button type="button" className="write-post-button" aria-label="글쓰기" onClick={onWrite}>
      <span aria-hidden="true">✎</span>
    </button>
  );
}
