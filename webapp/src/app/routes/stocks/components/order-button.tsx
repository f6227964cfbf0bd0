// 주문: beside the stock page's price, opens the order modal (spec §1 "members are nudged to
// place trades in the companion app through an order modal", §2 Order), in a browser and inside
// an app alike. Anyone may open it: the order itself happens in the app, which signs its member in.
import { openModal } from '@/components/modals/modal-store';
import '@/features/company/modals';

import './order-button.css';

export function OrderButton({ securityId, securityName }: { securityId: string; securityName?: string }) {
  return (
    <div className="order-button-slot">
      <button type="button" className="order-button" onClick={() => openModal({ type: 'order', props: { securityId, securityName } })}>
        주문
      </button>
    </div>
  );
}
