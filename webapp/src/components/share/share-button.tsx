import { openModal } from '@/components/modals/modal-store';

import './modals';
import './share.css';

type ShareButtonProps = {
  /** What is shared: by default the page's address and title when tapped. */
  url?: string;
  title?: string;
  text?: string;
  className?: string;
};

/** 공유: opens the share modal (spec §2) for this page, or for `url`. */
export function ShareButton({ url, title, text, className = 'share-button' }: ShareButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-label="공유하기"
      onClick={() =>
        openModal({
          type: 'share',
          props: {
            url: url ? new URL(url, window.location.href).href : window.location.href,
            title: title ?? document.title,
            text,
          },
        })
      }
    >
      <span aria-hidden="true">공유</span>
    </button>
  );
}
