// Opens the driverEvent modal on the home page (spec §2, §9): when the operators' promotion runs
// now and this browser has not hidden it, once a page life. Closing it hides it for 1 day, or 7
// with 일주일간 보지 않기 ticked (the `sise_promo_hide_<id>` cookie). Rendered once the home page
// is hydrated, in a chunk of its own.
import { useEffect } from 'react';

import { openModal } from '@/components/modals/modal-store';

import { runningPromotion, usePromotion } from '../api/get-promotion';
import '../modals';
import { PROMO_HIDE_DAYS, PROMO_HIDE_WEEK_DAYS, hidePromotion, isPromotionHidden } from '../promotion-cookie';

/** Promotions shown in this page life: one more home visit does not bring it back. */
const shown = new Set<number>();

export default function PromotionOnHome({ now = Date.now }: { now?: () => number }) {
  const { data } = usePromotion();
  useEffect(() => {
    const promotion = runningPromotion(data, now());
    if (!promotion || shown.has(promotion.id) || isPromotionHidden(promotion.id)) return;
    shown.add(promotion.id);
    let hideForWeek = false;
    openModal({
      type: 'driverEvent',
      props: { promotion, onHideForWeekChange: (hide) => (hideForWeek = hide) },
      onClose: () => hidePromotion(promotion.id, hideForWeek ? PROMO_HIDE_WEEK_DAYS : PROMO_HIDE_DAYS),
    });
  }, [data, now]);
  return null;
}

/** For tests: a new page life. */
export function resetShownPromotions(): void {
  shown.clear();
}
