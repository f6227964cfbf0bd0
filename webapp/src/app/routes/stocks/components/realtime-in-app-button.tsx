// The open-in-app price button (spec §2 floating buttons): on a stock's pages in a browser, a
// floating 실시간 시세 button that opens the app at the stock (viewAsset) through
// /m/web2app/…, which falls back to the app's store. The deep-link builder arrives with the tap
// (it is the app bridge's chunk, which a browser otherwise never loads). Inside an app there is
// none: the page's prices there are already real time (the app's quotation token).
import { useNavigate } from 'react-router';

import { currentAppType } from '@/lib/app-bridge/app-type';

import './realtime-in-app-button.css';

/** The campaign the warp carries to the app and the store (spec §7 app link warp). */
export const REALTIME_CAMPAIGN = { utm_source: 'mweb', utm_medium: 'floating_button', utm_campaign: 'realtime_quotation' };

export function RealtimeInAppButton({ securityId }: { securityId: string }) {
  const navigate = useNavigate();
  if (currentAppType()) return null;
  const open = () =>
    import('@/lib/app-bridge/deep-links')
      .then(({ web2AppUrl }) => navigate(web2AppUrl('viewAsset', { code: securityId }, REALTIME_CAMPAIGN)))
      .catch((error: unknown) => console.warn('app bridge:', error));
  return (
    <button type="button" className="realtime-in-app" onClick={() => void open()}>
      <span className="realtime-in-app__dot" aria-hidden="true" />
      앱에서 실시간 시세 보기
    </button>
  );
}
