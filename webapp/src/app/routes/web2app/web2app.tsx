// /m/web2app/{target path} and /m/web2app/test: open the app, else its store (lib/app-bridge/
// web2app.ts). The page says what it does meanwhile and offers both by hand (a tap is what some
// browsers want before they open an app).
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';

import { appStoreLinks } from '@/config/app-download';
import { currentAppType } from '@/lib/app-bridge/app-type';
import { AppBridgeError, reportBridgeError } from '@/lib/app-bridge/errors';
import { desktopError, planWeb2App, platformOf, runWeb2App, storeLink, type Web2AppPlan } from '@/lib/app-bridge/web2app';
import { browserLocation } from '@/lib/browser-location';

import './web2app.css';

type Status = 'opening' | 'store' | 'no-store' | 'app';

export default function Web2AppRoute() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const platform = platformOf(navigator.userAgent, navigator.maxTouchPoints);
  const [status, setStatus] = useState<Status>('opening');
  const appType = currentAppType();

  const prepared = useMemo((): { plan: Web2AppPlan; store: string | null } | { error: AppBridgeError } => {
    try {
      const plan = planWeb2App(rest, search, appType?.app);
      if (platform === 'desktop' && !appType) return { error: desktopError(plan) };
      return { plan, store: storeLink(platform, appStoreLinks(), plan.campaign) };
    } catch (error) {
      return { error: error instanceof AppBridgeError ? error : new AppBridgeError('scheme_build_failed') };
    }
  }, [rest, search, platform, appType]);

  useEffect(() => {
    if ('error' in prepared) {
      reportBridgeError(prepared.error);
      return;
    }
    try {
      return runWeb2App({
        ...prepared,
        platform,
        appType,
        replace: (url) => browserLocation.replace(url),
        onFallback: setStatus,
      });
    } catch (error) {
      // The page still offers both links by hand.
      reportBridgeError(error);
    }
  }, [prepared, platform, appType]);

  if ('error' in prepared) {
    return (
      <section className="web2app" aria-labelledby="web2app-title">
        <h1 id="web2app-title" className="web2app__title">
          앱을 열 수 없습니다
        </h1>
        <p role="alert" className="web2app__message">
          {prepared.error.message}
        </p>
      </section>
    );
  }
  const { plan, store } = prepared;
  return (
    <section className="web2app" aria-labelledby="web2app-title">
      <h1 id="web2app-title" className="web2app__title">
        {plan.target === 'test' ? '앱 열기 테스트' : '시세 앱으로 이동'}
      </h1>
      <p className="web2app__message" role="status">
        {status === 'opening' && '앱을 여는 중입니다…'}
        {status === 'store' && '앱 설치 페이지로 이동합니다.'}
        {status === 'no-store' && '앱이 설치되어 있지 않습니다. 시세 앱은 준비 중입니다.'}
        {status === 'app' && '앱에서 열었습니다.'}
      </p>
      <div className="web2app__actions">
        <a className="button" href={plan.appUrl}>
          앱 열기
        </a>
        {store ? (
          <a className="button button--secondary" href={store}>
            앱 설치하기
          </a>
        ) : null}
      </div>
      {plan.target === 'test' ? (
        <dl className="web2app__details">
          <dt>플랫폼</dt>
          <dd>{platform}</dd>
          <dt>앱 주소</dt>
          <dd>{plan.appUrl}</dd>
          <dt>스토어</dt>
          <dd>{store ?? '없음'}</dd>
        </dl>
      ) : null}
    </section>
  );
}
