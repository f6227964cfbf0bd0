// Whether the reader hid a promotion (spec §2 driverEvent, §9 "promo hide cookie 1 or 7 days"): a
// cookie `sise_promo_hide_<id>` set when the modal closes, for 1 day, or 7 with
// 일주일간 보지 않기 checked.

export const PROMO_HIDE_COOKIE_PREFIX = 'sise_promo_hide_';
/** spec §9: the promotion's hide cookie, 1 or 7 days. */
export const PROMO_HIDE_DAYS = 1;
export const PROMO_HIDE_WEEK_DAYS = 7;
const DAY_S = 24 * 60 * 60;

const cookieName = (promotionId: number) => `${PROMO_HIDE_COOKIE_PREFIX}${promotionId}`;

export function isPromotionHidden(promotionId: number, doc: Document = document): boolean {
  const name = cookieName(promotionId);
  return doc.cookie.split('; ').some((part) => part.split('=')[0] === name);
}

/** Hides the promotion for `days` (this browser, every page of the site). */
export function hidePromotion(promotionId: number, days: number, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${cookieName(promotionId)}=1; Max-Age=${days * DAY_S}; Path=/; SameSite=Lax${secure}`;
}
