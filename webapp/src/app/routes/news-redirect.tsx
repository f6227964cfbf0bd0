import { useEffect } from 'react';

import { env } from '@/config/env';
import { browserLocation } from '@/lib/browser-location';

/**
 * /m/news, /m/news/popular and /m/news/latest: the news screens are an
 * external site (spec §2), so the browser is sent there, replacing this entry
 * (back returns to the page before, not to a redirect loop).
 */
export default function NewsRedirectRoute() {
  useEffect(() => {
    browserLocation.replace(env.EXTERNAL_NEWS_URL);
  }, []);
  return (
    <div className="page-status" role="status">
      <title>뉴스 : 시세</title>
      <p>뉴스로 이동하는 중…</p>
      <a className="button button--secondary" href={env.EXTERNAL_NEWS_URL}>
        바로 가기
      </a>
    </div>
  );
}
