// The order modal (spec §2 Order): the securities firms a member can trade through in the
// companion app (trading enabled, never the messenger provider's own), and that this service
// adds no fee of its own. Choosing a firm opens the app at the stock with that firm's order:
// inside an app through its scheme (viewAsset with `action=order&firm=<key>`), in a browser
// through /m/web2app/…, which opens the app or its store (docs/app-bridge.md, "Deep links").
import { useNavigate } from 'react-router';

import type { ModalProps } from '@/components/modals/modal-host';
import { LoadError } from '@/components/ui/load-error';
import { currentAppType } from '@/lib/app-bridge/app-type';

import { useOrderableFirms } from '../api/get-security-firms';
import '../modals';
import type { SecurityFirm } from '../types';

import '@/components/modals/modal.css';
import './order-modal.css';

/** spec §2 Order: no fee beyond the firm's own. */
export const NO_EXTRA_FEE_MESSAGE = '시세에서는 증권사 수수료 외에 추가 수수료가 없습니다.';
export const NO_FIRMS_MESSAGE = '지금은 주문할 수 있는 증권사가 없습니다.';

/** The campaign a browser's warp carries to the app and the store (spec §7 app link warp). */
export const ORDER_CAMPAIGN = { utm_source: 'mweb', utm_medium: 'order_modal', utm_campaign: 'order' };

/** What the app reads from the link: order through `firm` (docs/app-bridge.md, "Deep links"). */
export const orderQuery = (firm: SecurityFirm) => ({ action: 'order', firm: firm.key });

export default function OrderModal({ securityId, securityName, close }: ModalProps<'order'>) {
  const navigate = useNavigate();
  const firms = useOrderableFirms();

  const order = async (firm: SecurityFirm) => {
    // The deep links arrive with the choice (the app bridge's chunk; a browser loads it only now).
    const { deepLinkUrl, launchScheme, web2AppUrl } = await import('@/lib/app-bridge/deep-links');
    const appType = currentAppType();
    if (appType) {
      launchScheme(deepLinkUrl('viewAsset', { code: securityId }, { app: appType.app, campaign: orderQuery(firm) }), 'viewAsset');
      close();
    } else {
      await navigate(web2AppUrl('viewAsset', { code: securityId }, { ...orderQuery(firm), ...ORDER_CAMPAIGN }));
    }
  };

  return (
    <div className="modal-sheet order-modal" aria-labelledby="order-title">
      <h2 id="order-title" className="order-modal__title">
        {securityName ? `${securityName} 주문하기` : '주문하기'}
      </h2>
      <p className="order-modal__lead">주문할 증권사를 선택해 주세요.</p>
      {firms.isPending ? (
        <p className="order-modal__status" role="status">
          불러오는 중…
        </p>
      ) : firms.isError ? (
        <LoadError error={firms.error} onRetry={() => void firms.refetch()} />
      ) : firms.data.length === 0 ? (
        <p className="order-modal__status">{NO_FIRMS_MESSAGE}</p>
      ) : (
        <ul className="order-modal__firms" aria-label="증권사">
          {firms.data.map((firm) => (
            <li key={firm.key}>
              <button
                type="button"
                className="order-modal__firm"
                data-firm={firm.key}
                onClick={() => void order(firm).catch((error: unknown) => console.warn('app bridge:', error))}
              >
                {firm.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="order-modal__fee">{NO_EXTRA_FEE_MESSAGE}</p>
      <button type="button" className="button button--secondary order-modal__close" onClick={close}>
        닫기
      </button>
    </div>
  );
}
