import { Section } from '@/components/ui/section';
import { currentAppType } from '@/lib/app-bridge/app-type';
import { useAppState } from '@/lib/app-bridge/app-state';

const APP_NAMES = { main: '시세', trade: '시세 트레이드', 'virtual-trade': '시세 모의투자' } as const;

/**
 * 앱: inside an app only, what the app told the page (its app info, alarm state and investment
 * level image events, docs/app-bridge.md).
 */
export function AppSection() {
  const { appInfo, alarmEnabled, investmentLevelImage } = useAppState();
  const appType = currentAppType();
  if (!appType) return null;
  return (
    <Section title="앱">
      <dl className="settings__app">
        <dt>앱</dt>
        <dd>{APP_NAMES[appType.app]}</dd>
        <dt>앱 버전</dt>
        <dd>{appInfo?.version ?? appType.version}</dd>
        <dt>알림</dt>
        <dd>{alarmEnabled === null ? '확인 중' : alarmEnabled ? '켜짐' : '꺼짐'}</dd>
        {investmentLevelImage ? (
          <>
            <dt>투자 레벨</dt>
            <dd>
              <img className="settings__level" src={investmentLevelImage} alt="투자 레벨" width={24} height={24} />
            </dd>
          </>
        ) : null}
      </dl>
    </Section>
  );
}
