import { Suspense, lazy } from 'react';
import { Link } from 'react-router';

import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { AccountActions } from '@/features/identity/components/account-actions';
import { FavoritesVisibility } from '@/features/identity/components/favorites-visibility';
import { ProfileSummary } from '@/features/identity/components/profile-summary';
import { SignInPrompt } from '@/features/identity/components/sign-in-prompt';
import { useRequireLogin } from '@/features/identity/login';
import { FontSizePicker } from '@/features/preferences/components/font-size-picker';
import { currentAppType } from '@/lib/app-bridge/app-type';

import './settings.css';

// 앱: inside an app only, so a browser never loads the bridge's code for it.
const AppSection = lazy(async () => ({ default: (await import('./app-section')).AppSection }));

const LEGAL_LINKS = [
  { to: paths.termsService.getHref(), label: '서비스 이용약관' },
  { to: paths.termsPrivacy.getHref(), label: '개인정보 수집 및 이용 안내' },
  { to: paths.termsContent.getHref(), label: '콘텐츠 중개 서비스 이용약관' },
] as const;

/** /m/settings: members only (spec §2); a visitor goes to the login and comes back here. */
export default function SettingsRoute() {
  const signedIn = useRequireLogin();
  return (
    <>
      <title>설정 : 시세</title>
      <h1 className="my-page__title settings__title">설정</h1>
      {signedIn ? (
        <>
          <Section title="프로필">
            <ProfileSummary />
            <FavoritesVisibility />
          </Section>
          <Section title="글자 크기">
            <FontSizePicker />
          </Section>
          {currentAppType() ? (
            <Suspense fallback={null}>
              <AppSection />
            </Suspense>
          ) : null}
          <Section title="약관 및 정책">
            <ul className="settings__links">
              {LEGAL_LINKS.map(({ to, label }) => (
                <li key={to}>
                  <Link className="settings__row" to={to}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="계정">
            <AccountActions />
          </Section>
        </>
      ) : (
        <SignInPrompt />
      )}
    </>
  );
}
