import { Link, useNavigate } from 'react-router';

import type { ModalProps } from '@/components/modals/modal-host';
import { appStoreLinks } from '@/config/app-download';
import { rememberLocation } from '@/lib/navigation-history';

import '@/components/modals/modal.css';
import './social.css';

/** The campaign the warp carries to the app and the store (spec §7 app link warp). */
export const APP_DOWNLOAD_CAMPAIGN = { utm_source: 'mweb', utm_medium: 'app_download', utm_campaign: 'write_post' };

/**
 * The write-post button's modal in a browser (spec §2 appDownload): the companion app, when the
 * page names its stores (앱에서 열기: the stock's board in the app through /m/web2app/…, which
 * falls back to the store; or a store's page), or 웹에서 글쓰기, the new-post form on the web.
 */
export default function AppDownloadModal({ writeHref, securityId, close }: ModalProps<'appDownload'>) {
  const navigate = useNavigate();
  const stores = appStoreLinks();
  const hasApp = stores.ios !== null || stores.android !== null;
  // The deep-link builder arrives with the tap (the app bridge's chunk, not a browser's otherwise).
  const openApp = () =>
    import('@/lib/app-bridge/deep-links')
      .then(({ web2AppUrl }) =>
        navigate(web2AppUrl('viewAsset', { code: securityId, tabName: 'debates' }, APP_DOWNLOAD_CAMPAIGN)),
      )
      .catch((error: unknown) => console.warn('app bridge:', error));
  return (
    <div className="modal-dialog app-download" aria-labelledby="app-download-title">
      <h2 id="app-download-title" className="app-download__title">
        앱에서 글쓰기
      </h2>
      <p className="modal-dialog__message">
        {hasApp ? '시세 앱에서 사진과 함께 더 편하게 글을 쓸 수 있어요.' : '시세 앱은 준비 중입니다. 웹에서도 글을 쓸 수 있어요.'}
      </p>
      <div className="app-download__actions">
        {hasApp ? (
          <button type="button" className="button" onClick={() => void openApp()}>
            앱에서 열기
          </button>
        ) : null}
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
