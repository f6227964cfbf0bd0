import { Link } from 'react-router';

import type { ModalProps } from '@/components/modals/modal-host';
import { appStoreLinks } from '@/config/app-download';
import { rememberLocation } from '@/lib/navigation-history';

import '@/components/modals/modal.css';
import './social.css';

/**
 * The write-post button's modal in a browser (spec §2 appDownload): the companion app (its
 * stores, when the page names them) or 웹에서 글쓰기, the new-post form on the web.
 */
export default function AppDownloadModal({ writeHref, close }: ModalProps<'appDownload'>) {
  const stores = appStoreLinks();
  const hasApp = stores.ios !== null || stores.android !== null;
  return (
    <div className="modal-dialog app-download" aria-labelledby="app-download-title">
      <h2 id="app-download-title" className="app-download__title">
        앱에서 글쓰기
      </h2>
      <p className="modal-dialog__message">
        {hasApp ? '시세 앱에서 사진과 함께 더 편하게 글을 쓸 수 있어요.' : '시세 앱은 준비 중입니다. 웹에서도 글을 쓸 수 있어요.'}
      </p>
      <div className="app-download__actions">
        {stores.ios ? (
          <a className="button button--secondary" href={stores.ios} rel="noopener" target="_blank">
            App Store에서 받기
          </a>
        ) : null}
        {stores.android ? (
          <a className="button button--secondary" href={stores.android} rel="noopener" target="_blank">
            Google Play에서 받기
          </a>
        ) : null}
        {/* The modal closes as the page leaves this history entry. */}
        <Link className="button" to={writeHref} onClick={rememberLocation}>
          웹에서 글쓰기
        </Link>
        <button type="button" className="button button--secondary" onClick={close}>
          닫기
        </button>
      </div>
    </div>
  );
}
