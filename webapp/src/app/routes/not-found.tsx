import { Link } from 'react-router';

import { paths } from '@/config/paths';

import './not-found.css';

export const NOT_FOUND_MESSAGE = '페이지를 찾을 수 없습니다.';

/** Fallback page for every path the app does not (yet) have. */
export default function NotFoundRoute() {
  return (
    <div className="not-found">
      <title>{`${NOT_FOUND_MESSAGE} : 시세`}</title>
      <h1 className="not-found__title">{NOT_FOUND_MESSAGE}</h1>
      <p className="not-found__text">주소가 바뀌었거나 아직 준비 중인 화면입니다.</p>
      <Link className="button" to={paths.home.getHref()}>
        홈으로
      </Link>
    </div>
  );
}
