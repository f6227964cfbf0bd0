// The driverEvent modal (spec §2): the operators' time-limited promotion, with 일주일간 보지 않기.
// A dialog in the modal frame (focus kept inside, Escape closes it); whoever opened it hides the
// promotion when it closes (promotion-on-home.tsx: 1 day, or 7 with the box ticked).
import { useState } from 'react';
import { Link } from 'react-router';

import type { ModalProps } from '@/components/modals/modal-host';
import { openInAppOnClick } from '@/lib/app-bridge/open-in-app';

import '../modals';

import '@/components/modals/modal.css';
import './driver-event-modal.css';

export const HIDE_FOR_WEEK_LABEL = '일주일간 보지 않기';

const isHttp = (url: string) => /^https?:\/\//i.test(url);

function PromotionLink({ url }: { url: string }) {
  if (url.startsWith('/') && !url.startsWith('//')) {
    // A page of this site: the location change closes the modal.
    return (
      <Link className="button driver-event__link" to={url}>
        자세히 보기
      </Link>
    );
  }
  if (!isHttp(url)) return null;
  return (
    <a
      className="button driver-event__link"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      // Inside an app a link out opens through the app.
      onClick={openInAppOnClick('outerLink', { url })}
    >
      자세히 보기
    </a>
  );
}

export default function DriverEventModal({ promotion, onHideForWeekChange, close }: ModalProps<'driverEvent'>) {
  const [hideForWeek, setHideForWeek] = useState(false);
  return (
    <div className="modal-dialog driver-event" aria-labelledby="driver-event-title">
      {promotion.image_url && isHttp(promotion.image_url) ? (
        <img className="driver-event__image" src={promotion.image_url} alt="" />
      ) : null}
      <h2 id="driver-event-title" className="driver-event__title">
        {promotion.title}
      </h2>
      <p className="driver-event__body">{promotion.body}</p>
      {promotion.link_url ? <PromotionLink url={promotion.link_url} /> : null}
      <div className="driver-event__footer">
        <label className="driver-event__hide">
          <input
            type="checkbox"
            checked={hideForWeek}
            onChange={(event) => {
              setHideForWeek(event.target.checked);
              onHideForWeekChange(event.target.checked);
            }}
          />
          {HIDE_FOR_WEEK_LABEL}
        </label>
        <button type="button" className="driver-event__close" onClick={close}>
          닫기
        </button>
      </div>
    </div>
  );
}
